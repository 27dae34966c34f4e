import { describe, expect, it } from 'vitest';
import { DESCRIPTION_TEMPLATES } from './catalog-words';

describe('demo product descriptions', () => {
  it('count the minimum order in the form its number takes ("1 pieces" read wrong, as did Arabic "5 قطعة")', () => {
    expect(DESCRIPTION_TEMPLATES.en('Bags', 1)).toContain('Minimum order 1 piece;');
    expect(DESCRIPTION_TEMPLATES.en('Bags', 5)).toContain('Minimum order 5 pieces;');
    expect(DESCRIPTION_TEMPLATES.es('Bolsas', 1)).toContain('Pedido mínimo 1 unidad;');
    expect(DESCRIPTION_TEMPLATES.fr('Sacs', 2)).toContain('Commande minimum 2 pièces ;');
    expect(DESCRIPTION_TEMPLATES.ar('حقائب', 5)).toContain('الحد الأدنى للطلب 5 قطع.');
    expect(DESCRIPTION_TEMPLATES.ar('حقائب', 2)).toContain('الحد الأدنى للطلب قطعتان.');
    expect(DESCRIPTION_TEMPLATES.ar('حقائب', 20)).toContain('الحد الأدنى للطلب 20 قطعة.');
  });
});
