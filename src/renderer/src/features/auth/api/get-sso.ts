import { useEffect, useState } from 'react';
import type { SsoInfo } from '../../../../../shared/sso';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/auth/sso`: the provider's name and domains, or null when single sign-on is not set up (204). */
export async function getSso(): Promise<SsoInfo | null> {
  try {
    return await apiRequest<SsoInfo | null>('/auth/sso', { fallback: 'Failed to read the sign-in options' });
  } catch {
    // Not set up, or the server cannot say: either way the page offers the password alone.
    return null;
  }
}

/**
 * Single sign-on as the server offers it: undefined while asking, then the answer. Plain state,
 * not a query: the login page is a light, prerendered one and asks this once.
 */
export function useSsoInfo(): SsoInfo | null | undefined {
  const [info, setInfo] = useState<SsoInfo | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void getSso().then((answer) => {
      if (current) setInfo(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return info;
}
