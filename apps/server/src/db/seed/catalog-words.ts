import type { TLanguage } from '@caravan/contracts';
import { MORE_LANGS, MORE_WORDS } from './catalog-words-more';

/**
 * Word lists of the demo catalogue in seven languages. Product names are composed from them
 * (adjective + material + item), so every name is made of real words in its language.
 */
export const SEED_LANGS = ['en', 'cn', 'de', 'es', 'fr', 'ar', 'ja'] as const;
export type TSeedLang = (typeof SEED_LANGS)[number];
/** One word or phrase per language, in SEED_LANGS order. */
export type TWords = readonly [string, string, string, string, string, string, string];

export function wordsToRecord(words: TWords): Record<TSeedLang, string> {
  return Object.fromEntries(SEED_LANGS.map((lang, i) => [lang, words[i]!])) as Record<TSeedLang, string>;
}

/**
 * Platform data (category, attribute and colour names) in all 21 languages: the seven of `words` and the
 * fourteen of MORE_WORDS for the same English word. A word missing there is a mistake in the seed data.
 */
export function platformWordsToRecord(words: TWords): Record<TLanguage, string> {
  const more = MORE_WORDS[words[0]];
  if (!more) {
    throw new Error(`No translations in catalog-words-more.ts for "${words[0]}"`);
  }
  return {
    ...wordsToRecord(words),
    ...Object.fromEntries(MORE_LANGS.map((lang, i) => [lang, more[i]!])),
  } as Record<TLanguage, string>;
}

/** Category icons (top level) and the kinds of goods drawn on demo pictures. */
export type TPictureShape =
  | 'shirt'
  | 'phone'
  | 'chair'
  | 'pot'
  | 'bottle'
  | 'bear'
  | 'box'
  | 'jacket'
  | 'dress'
  | 'scarf'
  | 'charger'
  | 'headphones'
  | 'speaker'
  | 'armchair'
  | 'coffeeTable'
  | 'desk'
  | 'officeChair'
  | 'pan'
  | 'plate'
  | 'mug'
  | 'jar'
  | 'dropper'
  | 'thermos'
  | 'rabbit'
  | 'blocks'
  | 'puzzle'
  | 'giftBox'
  | 'bin'
  | 'basket';

/** What each leaf category's goods look like on their pictures, by the leaf's English name (issue 17.12). */
export const LEAF_SHAPES: Readonly<Record<string, TPictureShape>> = {
  'T-Shirts': 'shirt',
  Jackets: 'jacket',
  Dresses: 'dress',
  Scarves: 'scarf',
  'Phone Cases': 'phone',
  Chargers: 'charger',
  Headphones: 'headphones',
  Speakers: 'speaker',
  Armchairs: 'armchair',
  'Coffee Tables': 'coffeeTable',
  Desks: 'desk',
  'Office Chairs': 'officeChair',
  'Cooking Pots': 'pot',
  'Frying Pans': 'pan',
  Plates: 'plate',
  Mugs: 'mug',
  'Face Creams': 'jar',
  Serums: 'dropper',
  'Water Bottles': 'bottle',
  'Thermos Flasks': 'thermos',
  'Teddy Bears': 'bear',
  Rabbits: 'rabbit',
  'Building Blocks': 'blocks',
  Puzzles: 'puzzle',
  'Gift Boxes': 'giftBox',
  'Shipping Boxes': 'box',
  'Storage Bins': 'bin',
  Baskets: 'basket',
};

export type TTopCategory = {
  icon: TPictureShape;
  names: TWords;
  materials: readonly TWords[];
  /** Base wholesale price range in whole USDT. */
  priceRange: readonly [number, number];
  hasSizes: boolean;
  children: readonly { names: TWords; leaves: readonly TWords[] }[];
};

export const CATALOG_TREE: readonly TTopCategory[] = [
  {
    icon: 'shirt',
    names: ['Apparel', '服装', 'Bekleidung', 'Ropa', 'Vêtements', 'ملابس', 'アパレル'],
    materials: [
      ['Cotton', '纯棉', 'Baumwolle', 'algodón', 'coton', 'قطن', 'コットン'],
      ['Linen', '亚麻', 'Leinen', 'lino', 'lin', 'كتان', 'リネン'],
      ['Wool', '羊毛', 'Wolle', 'lana', 'laine', 'صوف', 'ウール'],
    ],
    priceRange: [3, 40],
    hasSizes: true,
    children: [
      {
        names: [
          "Men's Clothing",
          '男装',
          'Herrenmode',
          'Ropa de hombre',
          'Mode homme',
          'ملابس رجالية',
          'メンズ',
        ],
        leaves: [
          ['T-Shirts', 'T恤', 'T-Shirts', 'Camisetas', 'T-shirts', 'تي شيرت', 'Tシャツ'],
          ['Jackets', '夹克', 'Jacken', 'Chaquetas', 'Vestes', 'سترات', 'ジャケット'],
        ],
      },
      {
        names: [
          "Women's Clothing",
          '女装',
          'Damenmode',
          'Ropa de mujer',
          'Mode femme',
          'ملابس نسائية',
          'レディース',
        ],
        leaves: [
          ['Dresses', '连衣裙', 'Kleider', 'Vestidos', 'Robes', 'فساتين', 'ワンピース'],
          ['Scarves', '围巾', 'Schals', 'Bufandas', 'Écharpes', 'أوشحة', 'スカーフ'],
        ],
      },
    ],
  },
  {
    icon: 'phone',
    names: [
      'Electronics',
      '电子产品',
      'Elektronik',
      'Electrónica',
      'Électronique',
      'إلكترونيات',
      '家電・電子機器',
    ],
    materials: [
      ['Aluminium', '铝合金', 'Aluminium', 'aluminio', 'aluminium', 'ألمنيوم', 'アルミ'],
      ['Silicone', '硅胶', 'Silikon', 'silicona', 'silicone', 'سيليكون', 'シリコン'],
      ['Plastic', '塑料', 'Kunststoff', 'plástico', 'plastique', 'بلاستيك', 'プラスチック'],
    ],
    priceRange: [5, 120],
    hasSizes: false,
    children: [
      {
        names: [
          'Phone Accessories',
          '手机配件',
          'Handyzubehör',
          'Accesorios de móvil',
          'Accessoires téléphone',
          'إكسسوارات الهاتف',
          'スマホアクセサリー',
        ],
        leaves: [
          [
            'Phone Cases',
            '手机壳',
            'Handyhüllen',
            'Fundas de móvil',
            'Coques de téléphone',
            'أغطية هواتف',
            'スマホケース',
          ],
          ['Chargers', '充电器', 'Ladegeräte', 'Cargadores', 'Chargeurs', 'شواحن', '充電器'],
        ],
      },
      {
        names: ['Audio', '音频设备', 'Audio', 'Audio', 'Audio', 'صوتيات', 'オーディオ'],
        leaves: [
          ['Headphones', '耳机', 'Kopfhörer', 'Auriculares', 'Casques audio', 'سماعات رأس', 'ヘッドホン'],
          ['Speakers', '音箱', 'Lautsprecher', 'Altavoces', 'Enceintes', 'مكبرات صوت', 'スピーカー'],
        ],
      },
    ],
  },
  {
    icon: 'chair',
    names: ['Furniture', '家具', 'Möbel', 'Muebles', 'Meubles', 'أثاث', '家具'],
    materials: [
      ['Oak', '橡木', 'Eiche', 'roble', 'chêne', 'بلوط', 'オーク'],
      ['Walnut', '胡桃木', 'Walnuss', 'nogal', 'noyer', 'جوز', 'ウォルナット'],
      ['Steel', '钢制', 'Stahl', 'acero', 'acier', 'فولاذ', 'スチール'],
    ],
    priceRange: [25, 400],
    hasSizes: false,
    children: [
      {
        names: ['Living Room', '客厅家具', 'Wohnzimmer', 'Salón', 'Salon', 'غرفة المعيشة', 'リビング'],
        leaves: [
          ['Armchairs', '扶手椅', 'Sessel', 'Sillones', 'Fauteuils', 'كراسي بذراعين', 'アームチェア'],
          [
            'Coffee Tables',
            '茶几',
            'Couchtische',
            'Mesas de centro',
            'Tables basses',
            'طاولات قهوة',
            'コーヒーテーブル',
          ],
        ],
      },
      {
        names: [
          'Office Furniture',
          '办公家具',
          'Büromöbel',
          'Muebles de oficina',
          'Mobilier de bureau',
          'أثاث مكتبي',
          'オフィス家具',
        ],
        leaves: [
          ['Desks', '书桌', 'Schreibtische', 'Escritorios', 'Bureaux', 'مكاتب', 'デスク'],
          [
            'Office Chairs',
            '办公椅',
            'Bürostühle',
            'Sillas de oficina',
            'Chaises de bureau',
            'كراسي مكتب',
            'オフィスチェア',
          ],
        ],
      },
    ],
  },
  {
    icon: 'pot',
    names: ['Kitchen', '厨房用品', 'Küche', 'Cocina', 'Cuisine', 'مطبخ', 'キッチン'],
    materials: [
      ['Stainless Steel', '不锈钢', 'Edelstahl', 'acero inoxidable', 'inox', 'ستانلس ستيل', 'ステンレス'],
      ['Ceramic', '陶瓷', 'Keramik', 'cerámica', 'céramique', 'سيراميك', 'セラミック'],
      ['Cast Iron', '铸铁', 'Gusseisen', 'hierro fundido', 'fonte', 'حديد زهر', '鋳鉄'],
    ],
    priceRange: [4, 90],
    hasSizes: false,
    children: [
      {
        names: [
          'Cookware',
          '炊具',
          'Kochgeschirr',
          'Utensilios de cocina',
          'Ustensiles de cuisson',
          'أواني الطهي',
          '調理器具',
        ],
        leaves: [
          ['Cooking Pots', '汤锅', 'Kochtöpfe', 'Ollas', 'Marmites', 'قدور طبخ', '両手鍋'],
          ['Frying Pans', '煎锅', 'Bratpfannen', 'Sartenes', 'Poêles', 'مقالي', 'フライパン'],
        ],
      },
      {
        names: ['Tableware', '餐具', 'Geschirr', 'Vajilla', 'Vaisselle', 'أدوات المائدة', '食器'],
        leaves: [
          ['Plates', '餐盘', 'Teller', 'Platos', 'Assiettes', 'أطباق', 'プレート'],
          ['Mugs', '马克杯', 'Tassen', 'Tazas', 'Mugs', 'أكواب', 'マグカップ'],
        ],
      },
    ],
  },
  {
    icon: 'bottle',
    names: [
      'Health & Beauty',
      '美容健康',
      'Gesundheit & Schönheit',
      'Salud y belleza',
      'Santé et beauté',
      'الصحة والجمال',
      '美容・健康',
    ],
    materials: [
      ['Aloe', '芦荟', 'Aloe', 'aloe', 'aloès', 'الصبار', 'アロエ'],
      ['Rose', '玫瑰', 'Rosen', 'rosa', 'rose', 'الورد', 'ローズ'],
      ['Bamboo', '竹', 'Bambus', 'bambú', 'bambou', 'الخيزران', '竹'],
    ],
    priceRange: [2, 35],
    hasSizes: false,
    children: [
      {
        names: [
          'Skin Care',
          '护肤',
          'Hautpflege',
          'Cuidado de la piel',
          'Soins de la peau',
          'العناية بالبشرة',
          'スキンケア',
        ],
        leaves: [
          [
            'Face Creams',
            '面霜',
            'Gesichtscremes',
            'Cremas faciales',
            'Crèmes visage',
            'كريمات الوجه',
            'フェイスクリーム',
          ],
          ['Serums', '精华液', 'Seren', 'Sérums', 'Sérums', 'سيروم', '美容液'],
        ],
      },
      {
        names: ['Bottles & Flasks', '水杯水壶', 'Flaschen', 'Botellas', 'Bouteilles', 'زجاجات', 'ボトル'],
        leaves: [
          ['Water Bottles', '水瓶', 'Trinkflaschen', 'Botellas de agua', 'Gourdes', 'زجاجات مياه', '水筒'],
          ['Thermos Flasks', '保温杯', 'Thermosflaschen', 'Termos', 'Thermos', 'ترمس', '魔法瓶'],
        ],
      },
    ],
  },
  {
    icon: 'bear',
    names: ['Toys', '玩具', 'Spielzeug', 'Juguetes', 'Jouets', 'ألعاب', 'おもちゃ'],
    materials: [
      ['Plush', '毛绒', 'Plüsch', 'peluche', 'peluche', 'قطيفة', 'プラッシュ'],
      ['Wooden', '木制', 'Holz', 'madera', 'bois', 'خشب', '木製'],
      ['Felt', '毛毡', 'Filz', 'fieltro', 'feutre', 'لباد', 'フェルト'],
    ],
    priceRange: [2, 30],
    hasSizes: false,
    children: [
      {
        names: ['Soft Toys', '毛绒玩具', 'Kuscheltiere', 'Peluches', 'Doudous', 'ألعاب محشوة', 'ぬいぐるみ'],
        leaves: [
          ['Teddy Bears', '泰迪熊', 'Teddybären', 'Osos de peluche', 'Ours en peluche', 'دببة', 'テディベア'],
          ['Rabbits', '兔子玩偶', 'Hasen', 'Conejos', 'Lapins', 'أرانب', 'うさぎ'],
        ],
      },
      {
        names: [
          'Educational Toys',
          '益智玩具',
          'Lernspielzeug',
          'Juguetes educativos',
          'Jouets éducatifs',
          'ألعاب تعليمية',
          '知育玩具',
        ],
        leaves: [
          [
            'Building Blocks',
            '积木',
            'Bausteine',
            'Bloques de construcción',
            'Blocs de construction',
            'مكعبات بناء',
            '積み木',
          ],
          ['Puzzles', '拼图', 'Puzzles', 'Rompecabezas', 'Puzzles', 'ألغاز', 'パズル'],
        ],
      },
    ],
  },
  {
    icon: 'box',
    names: [
      'Packaging & Storage',
      '包装收纳',
      'Verpackung & Aufbewahrung',
      'Embalaje y almacenaje',
      'Emballage et rangement',
      'التغليف والتخزين',
      '梱包・収納',
    ],
    materials: [
      ['Kraft Paper', '牛皮纸', 'Kraftpapier', 'papel kraft', 'papier kraft', 'ورق كرافت', 'クラフト紙'],
      ['Cardboard', '纸板', 'Karton', 'cartón', 'carton', 'كرتون', '段ボール'],
      ['Rattan', '藤编', 'Rattan', 'ratán', 'rotin', 'روطان', 'ラタン'],
    ],
    priceRange: [1, 25],
    hasSizes: false,
    children: [
      {
        names: ['Boxes', '盒子', 'Schachteln', 'Cajas', 'Boîtes', 'صناديق', '箱'],
        leaves: [
          [
            'Gift Boxes',
            '礼品盒',
            'Geschenkboxen',
            'Cajas de regalo',
            'Boîtes cadeaux',
            'علب هدايا',
            'ギフトボックス',
          ],
          [
            'Shipping Boxes',
            '快递箱',
            'Versandkartons',
            'Cajas de envío',
            "Cartons d'expédition",
            'صناديق شحن',
            '配送用ボックス',
          ],
        ],
      },
      {
        names: ['Storage', '收纳', 'Aufbewahrung', 'Almacenaje', 'Rangement', 'تخزين', '収納'],
        leaves: [
          [
            'Storage Bins',
            '收纳箱',
            'Aufbewahrungsboxen',
            'Cajas organizadoras',
            'Bacs de rangement',
            'صناديق تخزين',
            '収納ボックス',
          ],
          ['Baskets', '篮子', 'Körbe', 'Cestas', 'Paniers', 'سلال', 'バスケット'],
        ],
      },
    ],
  },
];

export const ADJECTIVES: readonly TWords[] = [
  ['Soft', '柔软', 'weich', 'suave', 'souple', 'ناعم', 'ソフト'],
  ['Elegant', '优雅', 'elegant', 'elegante', 'chic', 'أنيق', 'エレガント'],
  ['Durable', '耐用', 'robust', 'resistente', 'robuste', 'متين', '丈夫な'],
  ['Portable', '便携', 'tragbar', 'portátil', 'portable', 'محمول', '携帯用'],
  ['Practical', '实用', 'praktisch', 'versátil', 'pratique', 'عملي', '実用的な'],
  ['Premium', '高级', 'Premium', 'premium', 'premium', 'فاخر', 'プレミアム'],
  ['Deluxe', '豪华', 'Deluxe', 'de lujo', 'de luxe', 'ديلوكس', 'デラックス'],
  ['Eco', '环保', 'umweltfreundlich', 'ecológico', 'écologique', 'صديق للبيئة', 'エコ'],
];

/**
 * Spanish adjectives agree with the item they describe, and every item name is a plural noun: "Camisetas de lana
 * ecológicas", "Cargadores de silicona portátiles" (the seed wrote "ecológico", "portátil", QA seller 11).
 * Masculine and feminine plural of each adjective of ADJECTIVES; "premium" and "de lujo" do not change.
 */
const ES_ADJECTIVE_PLURALS: Readonly<Record<string, { m: string; f: string }>> = {
  suave: { m: 'suaves', f: 'suaves' },
  elegante: { m: 'elegantes', f: 'elegantes' },
  resistente: { m: 'resistentes', f: 'resistentes' },
  portátil: { m: 'portátiles', f: 'portátiles' },
  versátil: { m: 'versátiles', f: 'versátiles' },
  ecológico: { m: 'ecológicos', f: 'ecológicas' },
};

/** The feminine ones of the Spanish item names (leaves of CATALOG_TREE); the others are masculine. */
const ES_FEMININE_ITEMS: ReadonlySet<string> = new Set([
  'Camisetas',
  'Chaquetas',
  'Bufandas',
  'Fundas de móvil',
  'Mesas de centro',
  'Sillas de oficina',
  'Ollas',
  'Sartenes',
  'Tazas',
  'Cremas faciales',
  'Botellas de agua',
  'Cajas de regalo',
  'Cajas de envío',
  'Cajas organizadoras',
  'Cestas',
]);

/** A Spanish adjective in the gender and number of `item` (a plural noun). */
export function spanishAdjectiveFor(adjective: string, item: string): string {
  const forms = ES_ADJECTIVE_PLURALS[adjective];
  if (!forms) {
    return adjective;
  }
  return ES_FEMININE_ITEMS.has(item) ? forms.f : forms.m;
}

/** How each language puts adjective, material and item together. */
export const NAME_TEMPLATES: Record<TSeedLang, (adj: string, mat: string, item: string) => string> = {
  en: (adj, mat, item) => `${adj} ${mat} ${item}`,
  cn: (adj, mat, item) => `${adj}${mat}${item}`,
  de: (adj, mat, item) => `${item} aus ${mat}, ${adj}`,
  es: (adj, mat, item) => `${item} de ${mat} ${spanishAdjectiveFor(adj, item)}`,
  fr: (adj, mat, item) => `${item} en ${mat} ${adj}`,
  ar: (adj, mat, item) => `${item} ${mat} ${adj}`,
  ja: (adj, mat, item) => `${adj}${mat}${item}`,
};

/** "1 piece", "5 pieces": a count of pieces in the plural form its language gives the number ("1 pieces" read wrong). */
const PIECES: Record<
  'en' | 'es' | 'fr' | 'ar',
  Partial<Record<Intl.LDMLPluralRule, (n: number) => string>>
> = {
  en: { one: () => '1 piece', other: (n) => `${n} pieces` },
  es: { one: () => '1 unidad', other: (n) => `${n} unidades` },
  fr: { one: (n) => `${n} pièce`, other: (n) => `${n} pièces` },
  // Arabic counts one, two, three to ten and eleven up each in its own form.
  ar: {
    one: () => 'قطعة واحدة',
    two: () => 'قطعتان',
    few: (n) => `${n} قطع`,
    many: (n) => `${n} قطعة`,
    other: (n) => `${n} قطعة`,
  },
};

function pieces(lang: keyof typeof PIECES, count: number): string {
  const forms = PIECES[lang];
  const form = forms[new Intl.PluralRules(lang).select(count)] ?? forms.other!;
  return form(count);
}

export const DESCRIPTION_TEMPLATES: Record<TSeedLang, (name: string, moq: number) => string> = {
  en: (name, moq) =>
    `${name}. Factory-direct wholesale, quality checked before dispatch. Minimum order ${pieces('en', moq)}; mixed colours allowed. Ships within 24 hours from our warehouse.`,
  cn: (name, moq) => `${name}。工厂直供批发，发货前质检。起订量${moq}件，可混色。24小时内从仓库发货。`,
  de: (name, moq) =>
    `${name}. Großhandel direkt ab Werk, vor dem Versand geprüft. Mindestbestellmenge ${moq} Stück; Farben mischbar. Versand innerhalb von 24 Stunden.`,
  es: (name, moq) =>
    `${name}. Venta al por mayor directa de fábrica, con control de calidad antes del envío. Pedido mínimo ${pieces('es', moq)}; colores mezclables. Envío en 24 horas.`,
  fr: (name, moq) =>
    `${name}. Vente en gros directe d'usine, avec contrôle qualité avant l'expédition. Commande minimum ${pieces('fr', moq)} ; couleurs panachables. Expédition sous 24 heures.`,
  ar: (name, moq) =>
    `${name}. بيع بالجملة مباشرة من المصنع مع فحص الجودة قبل الشحن. الحد الأدنى للطلب ${pieces('ar', moq)}. الشحن خلال 24 ساعة.`,
  ja: (name, moq) =>
    `${name}。工場直送の卸売、出荷前に検品済み。最小注文数${moq}個、色の組み合わせ可。24時間以内に発送。`,
};

export type TSeedColour = { code: string; hex: string; names: TWords };

export const COLOURS: readonly TSeedColour[] = [
  { code: 'red', hex: '#D64545', names: ['Red', '红色', 'Rot', 'Rojo', 'Rouge', 'أحمر', 'レッド'] },
  { code: 'blue', hex: '#2F6FD6', names: ['Blue', '蓝色', 'Blau', 'Azul', 'Bleu', 'أزرق', 'ブルー'] },
  { code: 'green', hex: '#2E9E6A', names: ['Green', '绿色', 'Grün', 'Verde', 'Vert', 'أخضر', 'グリーン'] },
  {
    code: 'yellow',
    hex: '#E0A526',
    names: ['Yellow', '黄色', 'Gelb', 'Amarillo', 'Jaune', 'أصفر', 'イエロー'],
  },
  { code: 'black', hex: '#2B2B2B', names: ['Black', '黑色', 'Schwarz', 'Negro', 'Noir', 'أسود', 'ブラック'] },
  { code: 'pink', hex: '#E07BB0', names: ['Pink', '粉色', 'Rosa', 'Rosa', 'Rose', 'وردي', 'ピンク'] },
];

export const ATTRIBUTE_NAMES = {
  colour: ['Colour', '颜色', 'Farbe', 'Color', 'Couleur', 'اللون', 'カラー'] as TWords,
  size: ['Size', '尺码', 'Größe', 'Talla', 'Taille', 'المقاس', 'サイズ'] as TWords,
};
export const SIZES = ['S', 'M', 'L', 'XL'] as const;

export const STORE_PROFILES: readonly {
  name: string;
  lang: TSeedLang;
  description: string;
  focus: number[];
}[] = [
  {
    name: 'Silk Road Textiles',
    lang: 'cn',
    description: 'Cotton, linen and wool garments from our own mills.',
    focus: [0],
  },
  {
    name: 'Bright Circuit Electronics',
    lang: 'cn',
    description: 'Phone accessories and audio, CE and FCC certified.',
    focus: [1],
  },
  {
    name: 'Nordic Oak Furniture',
    lang: 'de',
    description: 'Solid wood furniture for homes and offices.',
    focus: [2],
  },
  {
    name: 'Golden Wok Kitchenware',
    lang: 'en',
    description: 'Cookware and tableware for restaurants and retail.',
    focus: [3],
  },
  {
    name: 'Bamboo & Rose Beauty',
    lang: 'fr',
    description: 'Natural skin care and reusable bottles.',
    focus: [4],
  },
  {
    name: 'Happy Panda Toys',
    lang: 'ja',
    description: 'Safe toys tested to EN71 and ASTM F963.',
    focus: [5],
  },
  {
    name: 'PackRight Supplies',
    lang: 'es',
    description: 'Boxes, gift packaging and storage in bulk.',
    focus: [6],
  },
  {
    name: 'Atlas Home Living',
    lang: 'ar',
    description: 'Furniture, kitchen and storage for modern homes.',
    focus: [2, 3, 6],
  },
  { name: 'Mediterranean Ceramics', lang: 'es', description: 'Hand-finished ceramic tableware.', focus: [3] },
  {
    name: 'Sakura Lifestyle',
    lang: 'ja',
    description: 'Apparel, beauty and gifts with Japanese design.',
    focus: [0, 4],
  },
  {
    name: 'Sahara Trading House',
    lang: 'ar',
    description: 'General merchandise for wholesalers across the Gulf.',
    focus: [1, 5, 6],
  },
];

export const REVIEW_TEXTS = {
  good: [
    'Exactly as described, well packed and arrived early. Will order again.',
    'Good quality for the price, my customers are happy.',
    'Fast shipping and the seller answered all my questions.',
    'Second order from this shop, consistent quality.',
  ],
  medium: [
    'Acceptable quality, a few pieces had small marks.',
    'Delivery took longer than expected but the goods are fine.',
  ],
  bad: ['Colour differs from the pictures and two pieces were damaged.'],
} as const;
