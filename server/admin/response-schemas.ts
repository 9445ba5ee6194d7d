import { adminRoles, apiScopes } from '../../src/lib/admin/api-types'
import type { SiteBuildStatus, TestPath } from '../../src/lib/admin/status-types'
import { Joi } from '../../src/lib/validation/joi'

/** The dashboard's accounts, sessions, audit log, API keys and status (src/lib/admin/*-types.ts). */

const instant = Joi.string().isoDate()

// Keyed by the types' own unions, so a path or state added there is missed here by the compiler.
const TEST_PATHS: Record<TestPath, string> = {
  payments: 'card payments through the embedded test provider',
  mail: 'e-mails kept in the local outbox',
  demo: 'the demo clinic loaded into an empty database',
}
const BUILD_STATES: Record<SiteBuildStatus['state'], string> = {
  current: 'the site shows it',
  queued: 'a change waits a few seconds for the next before its build starts',
  building: 'a build runs since `since`',
  failed: 'the last build failed at `lastFailedAt`; the site shows the content from before',
  deploy: 'this server builds nothing: the site changes with the next build and restart',
}
const described = (meanings: Record<string, string>) =>
  Object.entries(meanings)
    .map(([value, meaning]) => `${value}: ${meaning}`)
    .join('; ')

export const adminUserSchema = Joi.object({
  id: Joi.number().integer().required(),
  email: Joi.string().required(),
  name: Joi.string().required(),
  role: Joi.string()
    .valid(...adminRoles)
    .required(),
  staffId: Joi.number()
    .integer()
    .allow(null)
    .required()
    .description('The staff member a staff account is; null for the other roles'),
  mustChangePassword: Joi.boolean()
    .required()
    .description('A one-time password must be replaced before anything else'),
}).label('AdminUser')

export const adminAccountSchema = adminUserSchema
  .keys({
    disabled: Joi.boolean()
      .required()
      .description('A disabled account cannot sign in, and its sessions have ended'),
  })
  .label('AdminAccount')

export const adminSessionSchema = Joi.object({
  user: adminUserSchema.required(),
  csrfToken: Joi.string()
    .required()
    .description('Sent as `x-csrf-token` with every state-changing request of the session'),
  expiresAt: instant.required(),
}).label('AdminSession')

export const auditPageSchema = Joi.object({
  entries: Joi.array()
    .items(
      Joi.object({
        id: Joi.number().integer().required(),
        at: instant.required(),
        actor: Joi.string()
          .required()
          .description(
            'An e-mail, "token" for ADMIN_TOKEN, `key <prefix> (<name>)`, or the e-mail a failed sign-in tried',
          ),
        action: Joi.string().required(),
        target: Joi.string()
          .allow(null)
          .required()
          .description('What it acted on, e.g. booking:12'),
        // Each action records its own facts (what changed, what was made): no shape is shared.
        detail: Joi.object().unknown(true).required(),
      }).label('AuditEntry'),
    )
    .required()
    .description('Newest first'),
  nextCursor: Joi.string()
    .allow(null)
    .required()
    .description('Pass as `cursor` for the next page; null on the last'),
}).label('AuditPage')

const scopes = Joi.array().items(Joi.string().valid(...apiScopes))

const apiKeyFields = {
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  prefix: Joi.string()
    .required()
    .description("The key's first characters: how lists and the audit log name it"),
  scopes: scopes.required(),
  createdAt: instant.required(),
  expiresAt: instant.allow(null).required().description('Null: until it is revoked'),
}

export const apiKeySchema = Joi.object({
  ...apiKeyFields,
  createdBy: Joi.string()
    .allow(null)
    .required()
    .description(
      'The e-mail of the account that made it; null for ADMIN_TOKEN or a deleted account',
    ),
  lastUsedAt: instant
    .allow(null)
    .required()
    .description('Within a minute: a use moves it on at most once a minute'),
  revokedAt: instant.allow(null).required(),
}).label('ApiKey')

export const createdApiKeySchema = Joi.object({
  ...apiKeyFields,
  key: Joi.string()
    .required()
    .description('Shown this once: sent as `Authorization: Bearer <key>`'),
}).label('CreatedApiKey')

export const adminStatusSchema = Joi.object({
  testPaths: Joi.array()
    .items(Joi.string().valid(...Object.keys(TEST_PATHS)))
    .required()
    .description(`What this server takes a test path for. ${described(TEST_PATHS)}`),
  site: Joi.object({
    state: Joi.string()
      .valid(...Object.keys(BUILD_STATES))
      .required()
      .description(described(BUILD_STATES)),
    since: instant.description('When the waiting change was made, or the running build started'),
    queued: Joi.boolean().required().description('A change waits for the next build'),
    lastFailedAt: instant.description('When the last build failed, while no later one succeeded'),
  })
    .required()
    .label('SiteBuildStatus')
    .description('Whether the site shows what the dashboard holds'),
}).label('AdminStatus')
