import { Navigate, useLocation } from 'react-router-dom';

/** /mentor-feed (the Today page's low-energy nudge links here) lands on /mentor/feed with its query. */
export function Component() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/mentor/feed', search }} replace />;
}
