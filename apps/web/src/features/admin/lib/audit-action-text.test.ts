import { AUDIT_ACTIONS } from '@caravan/contracts';
import { describe, expect, it } from 'vitest';
import adminEn from '../../../locales/en/admin.json';

describe('audit action names', () => {
  it('has an English name for every action the server writes (the other languages follow English keys)', () => {
    const nameOf = (code: string): unknown =>
      code
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], adminEn.auditActions);
    const unnamed = AUDIT_ACTIONS.filter((code) => typeof nameOf(code) !== 'string');
    expect(unnamed).toEqual([]);
  });
});
