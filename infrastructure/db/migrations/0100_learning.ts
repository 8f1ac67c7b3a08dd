import type { Knex } from 'knex';
import { tenantIdColumn, createdAndUpdatedAt, dropTablesIfExist } from '../migration-helpers.js';

/**
 * Learning: catalogue (categories, courses, modules, lessons), enrolments, progress,
 * certificates and their templates, parent links, and the admin resources that other contexts
 * build on (pricing, subscription plans, promo codes, student profiles, assets, library).
 * Every table carries `tenant_id` with a cascading foreign key (contract §4); every filter or
 * sort used by a repository has an index that leads with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('course_categories', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('name', 200).notNullable();
    t.string('slug', 120).notNullable();
    t.text('description');
    createdAndUpdatedAt(t);
    t.unique(['tenant_id', 'slug']);
    t.index(['tenant_id', 'name']);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('courses', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('title', 300).notNullable();
    t.text('description');
    // No ON DELETE action: a category in use cannot be deleted (checked first for a clear 400),
    // and NO ACTION is checked at the end of a tenant's cascading delete, so that still works.
    t.uuid('category_id').references('course_categories.id');
    t.string('difficulty', 50);
    t.decimal('price', 14, 2).notNullable().defaultTo(0);
    t.string('currency', 3).notNullable().defaultTo('IDR');
    t.text('cover_image');
    t.string('status', 16).notNullable().defaultTo('draft');
    t.uuid('created_by');
    t.timestamp('published_at', { useTz: true });
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'status', 'created_at']);
    t.index(['tenant_id', 'category_id', 'status']);
    t.index(['tenant_id', 'difficulty', 'status']);
  });
  await knex.raw('create index courses_title_trgm on courses using gin (title gin_trgm_ops)');

  await knex.schema.createTable('course_modules', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.text('description');
    t.integer('sort_order').notNullable().defaultTo(0);
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'course_id', 'sort_order']);
  });

  await knex.schema.createTable('lessons', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('module_id').notNullable().references('course_modules.id').onDelete('CASCADE');
    // Denormalised from the module: course-level counts and progress need no join.
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.text('description');
    t.string('content_type', 50).notNullable().defaultTo('text');
    t.text('content_url');
    t.text('content');
    t.integer('duration').notNullable().defaultTo(0);
    t.integer('sort_order').notNullable().defaultTo(0);
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'module_id', 'sort_order']);
    t.index(['tenant_id', 'course_id']);
  });

  await knex.schema.createTable('enrollments', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('active');
    t.string('source', 16).notNullable();
    t.string('source_ref', 200);
    t.timestamp('expires_at', { useTz: true });
    createdAndUpdatedAt(t);
    // One enrolment per user and course: grants are idempotent (re-grant extends or reactivates).
    t.unique(['tenant_id', 'user_id', 'course_id']);
    t.index(['tenant_id', 'user_id', 'created_at']);
    t.index(['tenant_id', 'course_id', 'status']);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('lesson_progress', (t) => {
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('lesson_id').notNullable().references('lessons.id').onDelete('CASCADE');
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('status', 16).notNullable();
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'user_id', 'lesson_id']);
    t.index(['tenant_id', 'user_id', 'course_id', 'updated_at']);
  });

  await knex.schema.createTable('certificates', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    // Unique across tenants: a scanned QR code verifies without a tenant header.
    t.string('code', 32).notNullable().unique();
    t.string('student_name', 200).notNullable();
    t.string('course_title', 300).notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    // Issued once per user and course, also under concurrent completions.
    t.unique(['tenant_id', 'user_id', 'course_id']);
    t.index(['tenant_id', 'user_id', 'issued_at']);
    t.index(['tenant_id', 'issued_at']);
  });

  await knex.schema.createTable('certificate_templates', (t) => {
    tenantIdColumn(t);
    t.uuid('course_id').notNullable().references('courses.id').onDelete('CASCADE');
    t.string('title', 300).notNullable();
    t.text('body').notNullable();
    t.text('background_image_url');
    t.string('orientation', 16).notNullable().defaultTo('landscape');
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'course_id']);
  });

  await knex.schema.createTable('linking_codes', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    // Only a digest is stored: a code is a short-lived secret.
    t.string('code_hash', 64).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.uuid('used_by');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.unique(['tenant_id', 'code_hash']);
    t.index(['tenant_id', 'student_id', 'created_at']);
  });

  await knex.schema.createTable('parent_links', (t) => {
    tenantIdColumn(t);
    t.uuid('parent_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['tenant_id', 'parent_id', 'student_id']);
    t.index(['tenant_id', 'parent_id', 'created_at']);
    t.index(['tenant_id', 'student_id']);
  });

  for (const table of ['learning_assets', 'library_items']) {
    await knex.schema.createTable(table, (t) => {
      t.uuid('id').primary();
      tenantIdColumn(t);
      t.string('title', 300).notNullable();
      t.text('description');
      t.text('url');
      t.string('type', 50).notNullable().defaultTo('link');
      createdAndUpdatedAt(t);
      t.index(['tenant_id', 'created_at']);
      t.index(['tenant_id', 'type', 'created_at']);
    });
    await knex.raw(`create index ${table}_title_trgm on ${table} using gin (title gin_trgm_ops)`);
  }

  await knex.schema.createTable('pricing', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('category_id').notNullable().references('course_categories.id');
    t.decimal('unit_price', 14, 2).notNullable();
    t.string('currency', 3).notNullable().defaultTo('IDR');
    // [{min_quantity, unit_price}] sorted by min_quantity: volume prices of the category.
    t.jsonb('tiers').notNullable().defaultTo('[]');
    createdAndUpdatedAt(t);
    t.unique(['tenant_id', 'category_id', 'currency']);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('subscription_plans', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('name', 200).notNullable();
    t.text('description');
    t.decimal('price', 14, 2).notNullable();
    t.string('currency', 3).notNullable().defaultTo('IDR');
    t.integer('duration_days').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    createdAndUpdatedAt(t);
    t.index(['tenant_id', 'active', 'created_at']);
    t.index(['tenant_id', 'created_at']);
  });

  // The categories a plan covers: subscribing grants every course of them.
  await knex.schema.createTable('subscription_plan_categories', (t) => {
    tenantIdColumn(t);
    t.uuid('plan_id').notNullable().references('subscription_plans.id').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('course_categories.id');
    t.primary(['tenant_id', 'plan_id', 'category_id']);
    t.index(['tenant_id', 'category_id']);
  });

  await knex.schema.createTable('promo_codes', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.string('code', 40).notNullable();
    t.string('type', 16).notNullable();
    t.decimal('value', 14, 2).notNullable();
    t.timestamp('valid_from', { useTz: true });
    t.timestamp('valid_until', { useTz: true });
    t.integer('max_uses');
    t.integer('used_count').notNullable().defaultTo(0);
    createdAndUpdatedAt(t);
    t.unique(['tenant_id', 'code']);
    t.index(['tenant_id', 'created_at']);
  });

  await knex.schema.createTable('student_profiles', (t) => {
    t.uuid('id').primary();
    tenantIdColumn(t);
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('school', 200);
    t.string('grade', 50);
    t.string('phone', 32);
    createdAndUpdatedAt(t);
    t.unique(['tenant_id', 'user_id']);
    t.index(['tenant_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await dropTablesIfExist(knex, [
    'student_profiles',
    'promo_codes',
    'subscription_plan_categories',
    'subscription_plans',
    'pricing',
    'library_items',
    'learning_assets',
    'parent_links',
    'linking_codes',
    'certificate_templates',
    'certificates',
    'lesson_progress',
    'enrollments',
    'lessons',
    'course_modules',
    'courses',
    'course_categories',
  ]);
}
