import { useLocation, useParams } from 'react-router-dom';
import { isValidToken, parseStep } from '../lib/token.ts';

/** The link's token (null unless exactly 64 characters), the step, and the query string to keep. */
export function useInterviewParams() {
  const { token, step } = useParams();
  const { search } = useLocation();
  return { token: isValidToken(token) ? token : null, step: parseStep(step), search };
}
