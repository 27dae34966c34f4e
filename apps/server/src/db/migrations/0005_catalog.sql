CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image" jsonb NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"names" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_level_range" CHECK ("categories"."level" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"attrs" jsonb NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"price" numeric(30,10),
	"stock" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_nonnegative" CHECK (coalesce("product_variants"."price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_views" (
	"viewer" text NOT NULL,
	"product_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"store_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(30,10) NOT NULL,
	"selling_price" numeric(30,10) NOT NULL,
	"original_price" numeric(30,10) NOT NULL,
	"retail_price" numeric(30,10) NOT NULL,
	"discount_price" numeric(30,10),
	"is_discounted" boolean DEFAULT false NOT NULL,
	"discount_ends_at" timestamp with time zone,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"dispatch_fee" numeric(30,10) DEFAULT 0 NOT NULL,
	"long_distance_fee" numeric(30,10) DEFAULT 0 NOT NULL,
	"delivery_fee" numeric(30,10) DEFAULT 0 NOT NULL,
	"buy_min" integer DEFAULT 1 NOT NULL,
	"is_on_shelf" boolean DEFAULT true NOT NULL,
	"is_recommended" boolean DEFAULT false NOT NULL,
	"evaluation_num" integer DEFAULT 0 NOT NULL,
	"good_count" integer DEFAULT 0 NOT NULL,
	"medium_count" integer DEFAULT 0 NOT NULL,
	"bad_count" integer DEFAULT 0 NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_nonnegative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_buy_min_positive" CHECK ("products"."buy_min" >= 1),
	CONSTRAINT "products_prices_nonnegative" CHECK ("products"."price" >= 0 and "products"."selling_price" >= 0 and "products"."original_price" >= 0 and "products"."retail_price" >= 0 and coalesce("products"."discount_price", 0) >= 0),
	CONSTRAINT "products_counters_nonnegative" CHECK ("products"."sold_count" >= 0 and "products"."evaluation_num" >= 0 and "products"."good_count" >= 0 and "products"."medium_count" >= 0 and "products"."bad_count" >= 0 and "products"."photo_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint,
	"variant_id" bigint,
	"rating" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_photos" boolean GENERATED ALWAYS AS (cardinality(images) > 0) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_images_max" CHECK (cardinality("reviews"."images") <= 9)
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "favourites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_follows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"store_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "banner" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "goods_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_follows" ADD CONSTRAINT "store_follows_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_sort_idx" ON "banners" USING btree ("sort");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "product_views_key" ON "product_views" USING btree ("viewer","product_id");--> statement-breakpoint
CREATE INDEX "product_views_recent_idx" ON "product_views" USING btree ("viewer","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_store_idx" ON "products" USING btree ("store_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_sales_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id") WHERE "products"."is_on_shelf";--> statement-breakpoint
CREATE INDEX "products_discounted_idx" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE "products"."is_on_shelf" and "products"."is_discounted";--> statement-breakpoint
CREATE INDEX "products_recommended_idx" ON "products" USING btree ("sold_count" DESC NULLS LAST) WHERE "products"."is_on_shelf" and "products"."is_recommended";--> statement-breakpoint
CREATE INDEX "reviews_product_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_rating_idx" ON "reviews" USING btree ("product_id","rating","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_photo_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST) WHERE "reviews"."has_photos";--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_product_key" ON "favourites" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "favourites_user_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "store_follows_user_store_key" ON "store_follows" USING btree ("user_id","store_id");--> statement-breakpoint
CREATE INDEX "store_follows_user_idx" ON "store_follows" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stores_listing_idx" ON "stores" USING btree ("is_recommended" DESC NULLS LAST,"sold_count" DESC NULLS LAST,"id");