-- The site's content: pages, posts with their authors, categories and tags, products in
-- collections, each translated per locale; the images they show; the site's settings; and the
-- tokens that let a preview show drafts.

CREATE DOMAIN content_locale AS text
  CHECK (VALUE IN ('da', 'de', 'en', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'pt-br', 'pt'));

CREATE TABLE media (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,119}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes bytea NOT NULL,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What every item of every kind has. Each kind's table extends it one to one; the (id, kind)
-- foreign keys make it impossible for one item to be of two kinds, and ids stay unique across
-- kinds, so an id alone names an item.
CREATE TABLE content_items (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$'),
  kind text NOT NULL
    CHECK (kind IN ('pages', 'posts', 'categories', 'authors', 'tags', 'products', 'collections')),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT content_items_kind_slug_key UNIQUE (kind, slug),
  CONSTRAINT content_items_id_kind_key UNIQUE (id, kind)
);

CREATE TABLE content_translations (
  item_id text NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  locale content_locale NOT NULL,
  title text NOT NULL,
  -- Sanitised HTML.
  body text NOT NULL DEFAULT '',
  excerpt text NOT NULL DEFAULT '',
  seo_title text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  PRIMARY KEY (item_id, locale)
);

CREATE TABLE pages (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'pages' CHECK (kind = 'pages'),
  path text NOT NULL CONSTRAINT pages_path_key UNIQUE CHECK (path ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
  hosts_blog boolean NOT NULL DEFAULT false,
  hosts_store boolean NOT NULL DEFAULT false,
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);
-- The blog's and the store's routes hang under one page each.
CREATE UNIQUE INDEX pages_one_blog_host ON pages (hosts_blog) WHERE hosts_blog;
CREATE UNIQUE INDEX pages_one_store_host ON pages (hosts_store) WHERE hosts_store;

CREATE TABLE authors (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'authors' CHECK (kind = 'authors'),
  name text NOT NULL,
  avatar_name text CONSTRAINT authors_avatar_fkey REFERENCES media (name),
  avatar_alt text NOT NULL DEFAULT '',
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);

CREATE TABLE categories (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'categories' CHECK (kind = 'categories'),
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);

CREATE TABLE tags (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'tags' CHECK (kind = 'tags'),
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);

CREATE TABLE posts (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'posts' CHECK (kind = 'posts'),
  author_id text NOT NULL CONSTRAINT posts_author_fkey REFERENCES authors (id),
  cover_image_name text CONSTRAINT posts_cover_image_fkey REFERENCES media (name),
  cover_image_alt text NOT NULL DEFAULT '',
  -- Set on first publication and kept, so unpublishing and republishing keeps a post's date.
  published_at timestamptz,
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);
CREATE INDEX posts_author ON posts (author_id);

-- Positions keep the order an editor gave (a post's first category is its main one).
CREATE TABLE post_categories (
  post_id text NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  category_id text NOT NULL CONSTRAINT post_categories_category_fkey REFERENCES categories (id),
  position integer NOT NULL,
  PRIMARY KEY (post_id, category_id),
  UNIQUE (post_id, position)
);
CREATE INDEX post_categories_category ON post_categories (category_id);

CREATE TABLE post_tags (
  post_id text NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id text NOT NULL CONSTRAINT post_tags_tag_fkey REFERENCES tags (id),
  position integer NOT NULL,
  PRIMARY KEY (post_id, tag_id),
  UNIQUE (post_id, position)
);
CREATE INDEX post_tags_tag ON post_tags (tag_id);

CREATE TABLE products (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'products' CHECK (kind = 'products'),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);

CREATE TABLE product_images (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL,
  media_name text NOT NULL CONSTRAINT product_images_media_fkey REFERENCES media (name),
  alt text NOT NULL DEFAULT '',
  PRIMARY KEY (product_id, position)
);

CREATE TABLE collections (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'collections' CHECK (kind = 'collections'),
  FOREIGN KEY (id, kind) REFERENCES content_items (id, kind) ON DELETE CASCADE
);

CREATE TABLE collection_products (
  collection_id text NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  product_id text NOT NULL CONSTRAINT collection_products_product_fkey REFERENCES products (id),
  position integer NOT NULL,
  PRIMARY KEY (collection_id, product_id),
  UNIQUE (collection_id, position)
);
CREATE INDEX collection_products_product ON collection_products (product_id);

-- One row, there from the start, so the site always has settings to read.
CREATE TABLE site_settings (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  default_locale content_locale NOT NULL DEFAULT 'en',
  -- The page `/` redirects to; follows the page when its path changes.
  root_page_path text CONSTRAINT site_settings_root_page_fkey
    REFERENCES pages (path) ON UPDATE CASCADE ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_settings DEFAULT VALUES;

CREATE TABLE site_translations (
  locale content_locale PRIMARY KEY,
  site_name text NOT NULL,
  cookie_banner_text text NOT NULL DEFAULT ''
);

-- Only a hash of each token is kept: whoever holds one sees drafts.
CREATE TABLE preview_tokens (
  token_hash bytea PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The content's version, which tells the site build when to run again. Triggers bump it on every
-- write to a table the site is built from, so no write path (nor a hand-made SQL fix) can forget
-- to; the epoch tells two databases apart whose counters happen to match.
CREATE TABLE content_revision (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  epoch uuid NOT NULL DEFAULT gen_random_uuid(),
  revision bigint NOT NULL DEFAULT 0
);
INSERT INTO content_revision DEFAULT VALUES;

CREATE FUNCTION bump_content_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY[
    'media', 'content_items', 'content_translations', 'pages', 'authors', 'categories', 'tags',
    'posts', 'post_categories', 'post_tags', 'products', 'product_images', 'collections',
    'collection_products', 'site_settings', 'site_translations'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
         FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision()',
      content_table || '_bumps_content_revision', content_table);
  END LOOP;
END
$$;
