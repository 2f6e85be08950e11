import type { EmailTokenPurpose } from '../../db/schema';
import { hashToken, newId, newSecretToken } from '../../lib/ids';
import { HOUR_MS, addMs, type Clock } from '../../lib/time';
import { EMAIL_TOKEN_TTL_MS, MAX_EMAIL_LINKS_PER_HOUR, emailLink } from './email-links';
import type { EmailTokensRepo } from './email-tokens.repo';

/** Issues and redeems the single-use links that accounts receive by e-mail. */
export function createEmailTokensService(deps: { tokens: EmailTokensRepo; clock: Clock; publicUrl: string }) {
  const { tokens, clock, publicUrl } = deps;
  return {
    /** A fresh link, or undefined when this account already got its hourly share of this kind. */
    async issueLink(userId: string, purpose: EmailTokenPurpose, email: string | null = null) {
      const now = clock.now();
      const recent = await tokens.countSince(userId, purpose, addMs(now, -HOUR_MS).toISOString());
      if (recent >= MAX_EMAIL_LINKS_PER_HOUR) return undefined;
      const token = newSecretToken();
      await tokens.create({
        id: newId(),
        userId,
        purpose,
        tokenHash: hashToken(token),
        email,
        now: now.toISOString(),
        expiresAt: addMs(now, EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
      });
      return emailLink(publicUrl, purpose, token);
    },

    /** Seconds until the user may be sent another link of `purpose`: when the hour's oldest one leaves it. */
    async secondsUntilNextLink(userId: string, purpose: EmailTokenPurpose): Promise<number> {
      const now = clock.now();
      const oldest = await tokens.oldestSince(userId, purpose, addMs(now, -HOUR_MS).toISOString());
      return oldest ? (Date.parse(oldest) + HOUR_MS - now.getTime()) / 1000 : 0;
    },

    /** Whether a token would redeem now, without using it (to skip work for a dead link). */
    isValid(token: string, purposes: EmailTokenPurpose[]) {
      return tokens.isValid(hashToken(token), purposes, clock.now().toISOString());
    },

    /** Uses a token once; undefined when it is unknown, used, expired or of another kind. */
    redeem(token: string, purposes: EmailTokenPurpose[]) {
      return tokens.consume(hashToken(token), purposes, clock.now().toISOString());
    },

    retireAll(userId: string, purpose: EmailTokenPurpose) {
      return tokens.retireAll(userId, [purpose], clock.now().toISOString());
    },

    /**
     * After a password change or reset, or a confirmed change of address, every link still out
     * dies: older reset links (one sent to a previous address must not reset the password of the
     * account that moved away from it), pending e-mail changes (someone who briefly held a session
     * may have asked for one to their own address) and confirmation links.
     */
    async retireAccountLinks(userId: string) {
      await tokens.retireAll(userId, ['reset-password', 'change-email', 'confirm-email'], clock.now().toISOString());
    },
  };
}

export type EmailTokensService = ReturnType<typeof createEmailTokensService>;
