import { describe, expect, it } from 'vitest';
import { ADJECTIVES, CATALOG_TREE, DESCRIPTION_TEMPLATES, NAME_TEMPLATES } from './catalog-words';

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

describe('demo product descriptions in Spanish and French (QA, session 50)', () => {
  it('say nothing whose gender would have to agree with the item ("Camisetas ..., revisado")', () => {
    expect(DESCRIPTION_TEMPLATES.es('Camisetas de lana ecológicas', 10)).toContain(
      'con control de calidad antes del envío',
    );
    expect(DESCRIPTION_TEMPLATES.fr('Chemises en laine', 10)).toContain(
      "avec contrôle qualité avant l'expédition",
    );
    for (const text of [
      DESCRIPTION_TEMPLATES.es('Camisetas', 10),
      DESCRIPTION_TEMPLATES.fr('Chemises', 10),
    ]) {
      expect(text).not.toMatch(/(?<!\p{L})(revisad[oa]s?|contrôlée?s?|expédiée?s?)(?!\p{L})/iu);
    }
  });
});

describe('demo product names in Spanish (QA seller 11)', () => {
  it('make the adjective agree with the item in gender and number', () => {
    expect(NAME_TEMPLATES.es('ecológico', 'lana', 'Camisetas')).toBe('Camisetas de lana ecológicas');
    expect(NAME_TEMPLATES.es('ecológico', 'algodón', 'Vestidos')).toBe('Vestidos de algodón ecológicos');
    expect(NAME_TEMPLATES.es('portátil', 'silicona', 'Cargadores')).toBe('Cargadores de silicona portátiles');
    expect(NAME_TEMPLATES.es('suave', 'lana', 'Bufandas')).toBe('Bufandas de lana suaves');
    expect(NAME_TEMPLATES.es('de lujo', 'madera', 'Sillas de oficina')).toBe(
      'Sillas de oficina de madera de lujo',
    );
  });

  it('never leave a singular adjective after a plural item', () => {
    const es = 3;
    const items = CATALOG_TREE.flatMap((top) => top.children.flatMap((c) => c.leaves.map((l) => l[es]!)));
    for (const item of items) {
      for (const adjective of ADJECTIVES) {
        const name = NAME_TEMPLATES.es(adjective[es]!, 'lana', item);
        expect(name).not.toMatch(/ (suave|elegante|resistente|portátil|versátil|ecológico|ecológica)$/);
      }
    }
    expect(NAME_TEMPLATES.es('ecológico', 'lana', 'Cajas de envío')).toBe(
      'Cajas de envío de lana ecológicas',
    );
  });
});
