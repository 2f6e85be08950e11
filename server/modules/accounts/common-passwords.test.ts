import { describe, expect, test, vi } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '../../../src/shared/schemas';
import { AppError } from '../../lib/errors';
import { commonPasswords, createCommonPasswordCheck } from './common-passwords';

describe('the bundled common-password list', () => {
  test('holds at least 10 000 passwords, among them 123456 and password1234, in any letter case', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
    for (const password of ['123456', 'password1234', 'Password1234', 'QWERTY123', 'iloveyou']) {
      expect(await commonPasswords.isCommon(password)).toBe(true);
    }
  });

  test('lets an uncommon passphrase through', async () => {
    expect(await commonPasswords.isCommon('correct horse battery')).toBe(false);
    await expect(commonPasswords.assertNotCommon('velvet-otter-marmalade', 'password')).resolves.toBeUndefined();
  });

  test('refuses with a 400 whose issue names the field', async () => {
    const refusal = await commonPasswords.assertNotCommon('123456', 'newPassword').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 400,
      message: COMMON_PASSWORD_MESSAGE,
      issues: [{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }],
    });
  });
});

describe('createCommonPasswordCheck', () => {
  test('reads the list on the first check only, not when created', async () => {
    const load = vi.fn(() => Promise.resolve(['letmein', 'monkey']));
    const check = createCommonPasswordCheck(load);
    expect(load).not.toHaveBeenCalled();
    expect(await Promise.all([check.isCommon('LetMeIn'), check.isCommon('monkey'), check.isCommon('gorilla')])).toEqual(
      [true, true, false],
    );
    expect(await check.isCommon('letmein')).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a list that failed to load is read again on the next check', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('unreadable')).mockResolvedValueOnce(['letmein']);
    const check = createCommonPasswordCheck(load);
    await expect(check.isCommon('letmein')).rejects.toThrow('unreadable');
    expect(await check.isCommon('letmein')).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
