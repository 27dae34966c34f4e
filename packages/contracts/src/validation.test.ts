import { describe, expect, it } from 'vitest';
import { messageWithValues, splitMessage, V, zId, zPageNum, zWhole, zWholeFromText } from './validation';

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
