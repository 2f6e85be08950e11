import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { desktopBridge } from '../../../lib/platform';
import { feedbackRoute } from '../utils/notification-route';

/**
 * Opens the feedback a clicked notification announces (`/feedback?widget=…`). One subscription for
 * the window's life; anything but an internal /feedback route is ignored.
 */
export function useNotificationNavigation(): void {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const bridge = desktopBridge();
    if (!bridge) return;
    return bridge.onNotificationClick((route) => {
      const target = feedbackRoute(route);
      if (target) void latest.current(target);
    });
  }, []);
}
