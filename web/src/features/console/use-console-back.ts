import { useLocation, useNavigate } from 'react-router';

/**
 * Console mode's Back: the previous screen of the history (where its focus is remembered), or
 * `fallback` when this screen was opened first.
 */
export function useConsoleBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return () => {
    if (key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  };
}
