import { describe, expect, it } from 'vitest';
import { ZChangeTxPasswordRequest, ZSetTxPasswordRequest } from './api/auth';
import { ZReviewOrderRequest } from './api/orders';
import { ZResetTxPasswordRequest } from './api/verification';
import {
  COMMON_PINS,
  isTrivialPin,
  messageWithValues,
  splitMessage,
  V,
  zEmail,
  zId,
  zMobile,
  zNewTxPassword,
  zPageNum,
  zTxPassword,
  zWhole,
  zWholeFromText,
} from './validation';

describe('whole numbers and ids', () => {
  it('take digits only from text: no exponent, hexadecimal or spaces', () => {
    const schema = zWholeFromText(1, 1_000_000);
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse(42)).toBe(42);
    for (const text of ['1e3', '0x10', ' 5 ', '5 ', '1.5', '', 'abc', '+1']) {
      expect(schema.safeParse(text).success, text).toBe(false);
    }
    expect(zPageNum.safeParse('1e3').success).toBe(false);
    expect(zId.safeParse(' 1 ').success).toBe(false);
    expect(zId.parse('1')).toBe('1');
  });

  it('say their range for every refusal, unless the field has a message of its own', () => {
    const message = zWhole(0, 1_000_000).safeParse(10_000_001).error?.issues[0]?.message;
    expect(message).toBe(messageWithValues(V.wholeRange, { min: 0, max: 1_000_000 }));
    expect(zWhole(0, 1_000_000).safeParse(2.5).error?.issues[0]?.message).toBe(message);
    expect(zWholeFromText(1, 20, V.avatar).safeParse('21').error?.issues[0]?.message).toBe(V.avatar);
  });
});

describe('mobile numbers', () => {
  it('reads a number written with spaces, dashes, dots or brackets as its digits (QA)', () => {
    expect(zMobile.parse(' 0470 12 34 56 ')).toBe('0470123456');
    expect(zMobile.parse('(030) 1234-5678')).toBe('03012345678');
    expect(zMobile.parse('06.12.34.56.78')).toBe('0612345678');
  });

  it('still refuses letters, too few digits and text past any number', () => {
    for (const text of ['0470 12 AB 56', '1234 567', '', `${'1 '.repeat(20)}`]) {
      expect(zMobile.safeParse(text).error?.issues[0]?.message).toBe(V.mobile);
    }
  });
});

describe('free texts past their limit', () => {
  it('say the limit: "This text is too long" left the buyer to find it in the counter (QA)', () => {
    const review = ZReviewOrderRequest.safeParse({ rating: 'good', content: 'x'.repeat(1001), images: [] });
    const issue = review.error?.issues.find((item) => item.path[0] === 'content');
    expect(issue?.message).toBe(messageWithValues(V.textAtMost, { max: 1000 }));
    expect(splitMessage(issue?.message ?? '')).toEqual({ key: 'textAtMost', values: { max: '1,000' } });
  });
});

describe('e-mail accounts', () => {
  it('need six letters or digits before the @ (SPEC §5), whatever dots, dashes or underscores are among them', () => {
    for (const ok of ['abcdef@example.com', 'ab.cd-ef_1@example.com', 'Ann.Lee1@Mail.Example.org']) {
      expect(zEmail.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'a-_._-@example.com',
      'a.b.c.d.e@example.com',
      'abcde@example.com',
      'abcdef@example',
      'abcdef',
    ]) {
      expect(zEmail.safeParse(bad).error?.issues[0]?.message, bad).toBe(V.email);
    }
  });
});

describe('messages with values', () => {
  it('carry their values, shown with Latin digits and grouping in every language', () => {
    const message = messageWithValues(V.wholeRange, { min: 1, max: 1_000_000 });
    expect(message).toBe('wholeRange?min=1&max=1000000');
    expect(splitMessage(message)).toEqual({ key: 'wholeRange', values: { min: '1', max: '1,000,000' } });
    expect(splitMessage(V.required)).toEqual({ key: 'required', values: {} });
    // Text that only looks like it (a server's sentence with a question mark) is left whole.
    expect(splitMessage('Is this right? yes')).toEqual({ key: 'Is this right? yes', values: {} });
  });
});

describe('trivial transaction passwords', () => {
  it('refuses one digit repeated, runs up or down (9 and 0 neighbours) and the most common PINs', () => {
    const trivial = [
      ...Array.from({ length: 10 }, (_, d) => String(d).repeat(6)),
      '012345',
      '123456',
      '234567',
      '345678',
      '456789',
      '567890',
      '890123',
      '987654',
      '876543',
      '654321',
      '543210',
      '098765',
      '121212',
      '112233',
      '123123',
      '696969',
      '159753',
      '520520',
      '147258',
      '123321',
      ...COMMON_PINS,
    ];
    for (const pin of trivial) {
      expect(isTrivialPin(pin), pin).toBe(true);
    }
  });

  it('accepts ordinary ones, and leaves what is not 6 digits to the format rule', () => {
    for (const pin of [
      '731904',
      '246810',
      '135790',
      '582046',
      '111222',
      '123457',
      '024680',
      '975310',
      '102938',
    ]) {
      expect(isTrivialPin(pin), pin).toBe(false);
    }
    for (const text of ['12345', '1234567', '12345a', '', '１２３４５６']) {
      expect(isTrivialPin(text), text).toBe(false);
    }
    expect(zNewTxPassword.safeParse('12345').error?.issues.map((issue) => issue.message)).toEqual([
      V.txPassword,
    ]);
  });

  it('is checked when one is set, changed or reset, never when one is used', () => {
    const tooSimple = { path: ['txPassword'], message: V.txPasswordTooSimple };
    expect(
      ZSetTxPasswordRequest.safeParse({ txPassword: '111111', confirmTxPassword: '111111' }).error?.issues,
    ).toMatchObject([tooSimple]);
    expect(
      ZChangeTxPasswordRequest.safeParse({
        oldTxPassword: '123456',
        txPassword: '654321',
        confirmTxPassword: '654321',
      }).error?.issues,
    ).toMatchObject([tooSimple]);
    expect(
      ZResetTxPasswordRequest.safeParse({ code: '482913', txPassword: '121212', confirmTxPassword: '121212' })
        .error?.issues,
    ).toMatchObject([tooSimple]);
    expect(
      ZSetTxPasswordRequest.safeParse({ txPassword: '731904', confirmTxPassword: '731904' }).success,
    ).toBe(true);
    // The old one, and the one given to pay or withdraw, may be anything that was set before the rule.
    expect(
      ZChangeTxPasswordRequest.safeParse({
        oldTxPassword: '123456',
        txPassword: '731904',
        confirmTxPassword: '731904',
      }).success,
    ).toBe(true);
    expect(zTxPassword.safeParse('123456').success).toBe(true);
  });
});
