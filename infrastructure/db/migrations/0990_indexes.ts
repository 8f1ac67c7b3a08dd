import type { Knex } from 'knex';

/**
 * Cost grows with the page, not the table (issue 28 §2). A foreign key's cascade, `set null` or
 * restrict check looks up the referencing rows by the key's columns alone, and the indexes that
 * lead with `tenant_id` cannot serve that: without an index led by the column, every delete of a
 * parent scans the child table (a tenant delete at scale 1 spent 3.8 of 4.3 s scanning
 * `quiz_answers` for each attempt). One index per such column; the schema test
 * (`tests/contract/platform/foreign-key-indexes.contract.test.ts`) fails for any future key without one.
 */
const FOREIGN_KEY_COLUMNS: Record<string, string[]> = {
  ai_messages: ['course_id', 'lesson_id', 'user_id'],
  assignment_submissions: ['course_id', 'lesson_id', 'user_id'],
  certificate_templates: ['course_id'],
  certificates: ['course_id', 'user_id'],
  chat_conversations: ['created_by'],
  chat_messages: ['conversation_id', 'sender_id'],
  chat_participants: ['conversation_id', 'user_id'],
  course_modules: ['course_id'],
  courses: ['category_id'],
  crm_lead_events: ['lead_id'],
  crm_leads: ['assigned_to', 'user_id'],
  crm_webhook_deliveries: ['lead_id'],
  enrollments: ['course_id', 'user_id'],
  lesson_progress: ['course_id', 'lesson_id', 'user_id'],
  lessons: ['course_id', 'module_id'],
  linking_codes: ['student_id'],
  logins: ['tenant_id'],
  mail_broadcast_recipients: ['broadcast_id'],
  orders: ['user_id'],
  parent_invitations: ['student_id'],
  parent_links: ['parent_id', 'student_id'],
  passkeys: ['user_id'],
  password_reset_tokens: ['user_id'],
  payment_notifications: ['order_id'],
  payments: ['order_id'],
  pricing: ['category_id'],
  quiz_answers: ['attempt_id'],
  quiz_attempts: ['quiz_id', 'user_id'],
  quiz_questions: ['quiz_id'],
  quizzes: ['course_id', 'module_id'],
  schedule_feed_tokens: ['user_id'],
  schedule_items: ['assignment_id', 'template_id', 'user_id'],
  schedule_template_assignments: ['assigned_by', 'template_id', 'user_id'],
  schedule_template_items: ['template_id'],
  schedule_templates: ['owner_id'],
  student_profiles: ['user_id'],
  subscription_plan_categories: ['category_id', 'plan_id'],
  subscriptions: ['order_id', 'user_id'],
  webhook_deliveries: ['endpoint_id'],
};

const fkIndexes = () =>
  Object.entries(FOREIGN_KEY_COLUMNS).flatMap(([table, columns]) =>
    columns.map((column) => ({ table, column, name: `${table}_${column}_fk` })),
  );

export async function up(knex: Knex): Promise<void> {
  for (const { table, column, name } of fkIndexes()) await knex.raw('create index ?? on ?? (??)', [name, table, column]);
  // The user search ORs display name, email and username: one unindexed column makes the whole OR a scan.
  await knex.raw('create index users_username_trgm on users using gin (username gin_trgm_ops)');
  // A tenant's attempts started since a date (the dashboard's count), with no quiz to lead with.
  await knex.raw('create index quiz_attempts_tenant_started on quiz_attempts (tenant_id, started_at)');
  // The leads list filtered by provider pages by (created_at, id): the tie-breaker in the index spares a sort.
  await knex.raw('drop index if exists crm_leads_tenant_id_provider_created_at_index');
  await knex.raw('create index crm_leads_tenant_provider_created on crm_leads (tenant_id, provider, created_at, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists crm_leads_tenant_provider_created');
  await knex.raw('create index crm_leads_tenant_id_provider_created_at_index on crm_leads (tenant_id, provider, created_at)');
  await knex.raw('drop index if exists quiz_attempts_tenant_started');
  await knex.raw('drop index if exists users_username_trgm');
  for (const { name } of fkIndexes()) await knex.raw('drop index if exists ??', [name]);
}
