import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { wantsCreate } from '../config/create-intent';

/**
 * Runs `openCreate` once when the screen was reached with CREATE_INTENT (the command palette's
 * New widget, New news post), then drops the intent from the history entry: Back, a reload or
 * Forward to this screen does not open the dialog again. Nothing runs until `ready` (the role and
 * limits are known, so the screen's own checks apply).
 */
export function useCreateIntent(openCreate: () => void, ready = true): void {
  const location = useLocation();
  const navigate = useNavigate();
  const wanted = wantsCreate(location.state);
  // The location keeps the intent until the replacing navigation has finished: renders in between
  // must not open the dialog again (nor reopen it once the owner has closed it).
  const used = useRef(false);
  useEffect(() => {
    if (!wanted) used.current = false;
    if (!wanted || !ready || used.current) return;
    used.current = true;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    openCreate();
  }, [wanted, ready, navigate, location.pathname, location.search, openCreate]);
}
