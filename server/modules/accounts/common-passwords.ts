/**
 * Refuses the passwords people choose most often: they are the first ones any guessing attack
 * tries. The list is the zxcvbn-ts project's ranked list of about 49 000 common passwords,
 * bundled in its npm package (no network). It is large, so it lives on the server only; the
 * console learns about a refusal from the 400's issue on the password field.
 */
import { COMMON_PASSWORD_MESSAGE } from '../../../src/shared/schemas';
import { badRequest } from '../../lib/errors';

/** Reads the bundled list; loaded on first use, not at start-up. */
async function loadBundledList(): Promise<readonly string[]> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return dictionary['passwords-common'];
}

/**
 * A check over `load()`'s list, turned into a Set once, on the first call, so each lookup is
 * O(1). Every entry of the bundled list is lower-case, so a password matches in any letter case
 * ("Password1234" is as easy to guess as "password1234").
 */
export function createCommonPasswordCheck(load: () => Promise<readonly string[]> = loadBundledList) {
  let common: Promise<ReadonlySet<string>> | undefined;
  const commonSet = () => {
    common ??= load().then(
      (list) => new Set(list.map((entry) => entry.toLowerCase())),
      (error: unknown) => {
        common = undefined; // try again on the next call rather than refusing every password forever
        throw error;
      },
    );
    return common;
  };

  const isCommon = async (password: string) => (await commonSet()).has(password.toLowerCase());

  return {
    isCommon,

    /** Throws 400 with the shared message on `field` when `password` is a common one. */
    async assertNotCommon(password: string, field: 'password' | 'newPassword'): Promise<void> {
      if (await isCommon(password)) {
        throw badRequest(COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
      }
    },
  };
}

export type CommonPasswordCheck = ReturnType<typeof createCommonPasswordCheck>;

/** The one check the app uses: the Set is built at most once per process. */
export const commonPasswords = createCommonPasswordCheck();
