import type { FormInstance } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../testing/i18n';
import { checkMobileField, isPossibleMobile } from './phone-check';

describe('isPossibleMobile', () => {
  it('follows the numbering plan of the area code', () => {
    expect(isPossibleMobile('+1', '2025550123')).toBe(true);
    expect(isPossibleMobile('+1', '12345678')).toBe(false);
    expect(isPossibleMobile('+86', '13812345678')).toBe(true);
    expect(isPossibleMobile('86', '13812345678')).toBe(true);
    // France's plan takes exactly nine digits after +33: eight or ten pass the contract's count but not the plan.
    expect(isPossibleMobile('+33', '612345678')).toBe(true);
    expect(isPossibleMobile('+33', '61234567')).toBe(false);
    expect(isPossibleMobile('+33', '6123456789')).toBe(false);
  });
});

describe('checkMobileField', () => {
  const formWith = () => {
    const setFields = vi.fn();
    // A refused number also asks the form to reveal its first error (lib/reveal-error.ts), after the task: none is
    // on this page, but the call must find the form's error list.
    const getFieldsError = vi.fn(() => []);
    return { form: { setFields, getFieldsError } as unknown as FormInstance, setFields, getFieldsError };
  };

  beforeAll(async () => {
    await initTestI18n();
  });

  it('puts the server\u2019s localised mobile message beside the field for an impossible number', async () => {
    const i18n = await initTestI18n();
    const { form, setFields, getFieldsError } = formWith();
    expect(checkMobileField(form, 'phone', '+1', '12345678', i18n.t)).toBe(false);
    expect(setFields).toHaveBeenCalledWith([
      { name: 'phone', errors: ['This is not a valid mobile number for the chosen area code'] },
    ]);
    await Promise.resolve();
    expect(getFieldsError).toHaveBeenCalledTimes(1);
  });

  it('passes a possible number, and leaves malformed input to the contract\u2019s rules', async () => {
    const i18n = await initTestI18n();
    const { form, setFields } = formWith();
    expect(checkMobileField(form, 'account', '+44', '7400123456', i18n.t)).toBe(true);
    expect(checkMobileField(form, 'account', '', '7400123456', i18n.t)).toBe(true);
    expect(checkMobileField(form, 'account', '+44', '74001x', i18n.t)).toBe(true);
    expect(checkMobileField(form, 'account', '+44', undefined, i18n.t)).toBe(true);
    expect(setFields).not.toHaveBeenCalled();
  });
});
