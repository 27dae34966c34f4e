-- Search synonyms: a keyword also finds names containing any of its expansions. Chinese, Japanese and Thai
-- write without spaces, and a shopper's everyday word is often not the catalogue's word: 椅子 (chair) must
-- find 办公椅 and オフィスチェア. Terms and expansions are stored normalised (caravan_search_norm).
CREATE TABLE IF NOT EXISTS search_synonyms (
  term text PRIMARY KEY,
  expansions text[] NOT NULL CHECK (cardinality(expansions) BETWEEN 1 AND 20)
);
--> statement-breakpoint
INSERT INTO search_synonyms (term, expansions)
SELECT public.caravan_search_norm(term), ARRAY(SELECT public.caravan_search_norm(e) FROM unnest(expansions) AS e)
FROM (VALUES
  ('椅子', ARRAY['椅', 'チェア', '의자', 'chair']),
  ('いす', ARRAY['椅子', '椅', 'チェア']),
  ('イス', ARRAY['椅子', '椅', 'チェア']),
  ('座椅', ARRAY['椅', 'チェア']),
  ('桌子', ARRAY['桌', '茶几', 'テーブル', 'デスク']),
  ('机', ARRAY['テーブル', 'デスク', '桌']),
  ('テーブル', ARRAY['机', '桌', '茶几']),
  ('杯子', ARRAY['杯', 'カップ', 'マグ']),
  ('コップ', ARRAY['カップ', 'マグ', '杯']),
  ('盒子', ARRAY['盒', '箱', 'ボックス']),
  ('箱子', ARRAY['箱', '盒', 'ボックス']),
  ('裙子', ARRAY['裙', 'ワンピース', 'スカート']),
  ('帽子', ARRAY['帽', 'ハット', 'キャップ']),
  ('鞋子', ARRAY['鞋', 'シューズ']),
  ('袜子', ARRAY['袜', 'ソックス']),
  ('襪子', ARRAY['襪', 'ソックス']),
  ('裤子', ARRAY['裤', 'パンツ']),
  ('褲子', ARRAY['褲', 'パンツ']),
  ('瓶子', ARRAY['瓶', 'ボトル', '水筒']),
  ('锅子', ARRAY['锅', '鍋', 'フライパン']),
  ('鍋子', ARRAY['鍋', '锅', 'フライパン']),
  ('衣服', ARRAY['装', '服', '恤', 'ウェア']),
  ('外套', ARRAY['夹克', '夾克', 'ジャケット']),
  ('耳麦', ARRAY['耳机', 'ヘッドホン']),
  ('娃娃', ARRAY['玩偶', '毛绒', 'ぬいぐるみ']),
  ('의자', ARRAY['체어', '椅']),
  ('탁자', ARRAY['테이블', '책상']),
  ('테이블', ARRAY['탁자']),
  ('컵', ARRAY['머그', '잔']),
  ('상자', ARRAY['박스', '케이스']),
  ('박스', ARRAY['상자']),
  ('옷', ARRAY['의류', '셔츠', '재킷']),
  ('เสื้อผ้า', ARRAY['เสื้อ', 'ชุด']),
  ('แก้ว', ARRAY['แก้วน้ำ', 'แก้วมัค', 'ถ้วย']),
  ('กล่อง', ARRAY['ลัง'])
) AS seed(term, expansions)
ON CONFLICT (term) DO NOTHING;
