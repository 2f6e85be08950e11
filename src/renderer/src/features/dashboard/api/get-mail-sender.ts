import { useQuery } from '@tanstack/react-query';
import type { MailSender } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api-client';
import { ownerKeys } from '../../../lib/owner-data/query-keys';

/** `GET /server/mail-sender`: MAIL_FROM's address, and whether it is still at localhost. */
export function getMailSender(): Promise<MailSender> {
  return apiRequest<MailSender>('/server/mail-sender', { auth: true, fallback: 'Failed to load the mail settings' });
}

/** Only for roles that may read it (`server.read`); the server's settings don't change while it runs. */
export function useMailSender(enabled: boolean) {
  return useQuery({
    queryKey: [...ownerKeys.all, 'mail-sender'],
    queryFn: getMailSender,
    enabled,
    staleTime: Infinity,
  });
}
