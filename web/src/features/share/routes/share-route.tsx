import { useParams } from 'react-router-dom';
import { SharePage } from '../components/share-page.tsx';

/**
 * /share/:shareId inside the app, for a visit that reaches the app's router (a history step from
 * an app page, or index.html served for the path during a deploy); a page load gets share.html.
 */
export function Component() {
  const { shareId = '' } = useParams();
  return <SharePage shareId={shareId} />;
}
