import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { checkRequestInput } from './input-guard';

function fieldsRefusedIn(body: unknown): unknown {
  try {
    checkRequestInput({ params: {}, query: {}, body } as FastifyRequest);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).details?.fields;
  }
}

describe('checkRequestInput', () => {
  it('refuses the controls that reverse how a text reads, wherever they are', () => {
    // "Safe name <RLO>gpj.exe" shows as "Safe name exe.jpg".
    expect(fieldsRefusedIn({ name: 'Safe name \u202Egpj.exe' })).toEqual([
      { field: 'name', message: 'nulCharacter' },
    ]);
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D']) {
      expect(fieldsRefusedIn({ lines: [{ carrier: `DHL${control}` }] }), control).toEqual([
        { field: 'lines.0.carrier', message: 'nulCharacter' },
      ]);
    }
    expect(fieldsRefusedIn({ 'key\u202E': 'x' })).toEqual([{ field: 'key\u202E', message: 'nulCharacter' }]);
  });

  it('keeps the isolates and direction marks that mixed Arabic and English text needs', () => {
    expect(fieldsRefusedIn({ text: 'حتى \u20662026-12-09 06:56\u2069 \u200Fok\u200E' })).toBeNull();
  });

  it('refuses half a surrogate pair, either half, and keeps whole emoji', () => {
    expect(fieldsRefusedIn({ descriptions: { en: 'Pasted \uD83D end' } })).toEqual([
      { field: 'descriptions.en', message: 'nulCharacter' },
    ]);
    expect(fieldsRefusedIn({ reason: 'end \uDE00' })).toEqual([{ field: 'reason', message: 'nulCharacter' }]);
    expect(fieldsRefusedIn({ reason: 'trailing \uD83D' })).toEqual([
      { field: 'reason', message: 'nulCharacter' },
    ]);
    expect(fieldsRefusedIn({ text: 'Smile \uD83D\uDE00 and 中文 and 𠀀' })).toBeNull();
  });
});
