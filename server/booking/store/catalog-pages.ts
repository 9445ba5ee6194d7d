import type { MenuHeading } from '../../../src/lib/booking/catalog-pages'
import type { ServiceTranslations } from '../../../src/lib/booking/api-types'
import { MAX_DATABASE_INTEGER } from '../../../src/lib/validation/joi'
import type { Queryable } from '../../db'
import { HttpError } from '../../errors'
import { isUniqueViolation } from './db-errors'

/**
 * Service menus and groups: pages that gather a provider's services in the business's order. A
 * menu lists them under headings, a group in one list. Both are named by id or by slug (a slug
 * is never all digits, so one path segment says which).
 */
export type PageKind = 'menu' | 'group'

export interface PageInput {
  providerId: number
  slug: string
  name: string
  description: string
  translations: ServiceTranslations
  published: boolean
}

export type MenuInput = PageInput & { headings: MenuHeading[] }
export type GroupInput = PageInput & { serviceIds: number[] }

export interface StoredPage extends Omit<PageInput, 'providerId'> {
  id: number
  providerId: number
}

const TABLE: Record<PageKind, string> = { menu: 'service_menus', group: 'service_groups' }
const WHAT: Record<PageKind, string> = { menu: 'service menu', group: 'group' }

function mapDbError(error: unknown, kind: PageKind): never {
  if (isUniqueViolation(error, `${TABLE[kind]}_slug_key`)) {
    throw new HttpError(409, 'Conflict', `A ${WHAT[kind]} with this slug already exists.`)
  }
  if ((error as { code?: string }).code === '23503') {
    throw new HttpError(
      404,
      'Not Found',
      `The ${WHAT[kind]} refers to something that does not exist.`,
    )
  }
  throw error
}

/** Every service listed must be the provider's own: a page books with one provider. */
async function checkServices(db: Queryable, providerId: number, serviceIds: number[]) {
  const unique = [...new Set(serviceIds)]
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM services WHERE id = ANY($1::int[]) AND provider_id = $2',
    [unique, providerId],
  )
  if ((rows[0]?.count ?? 0) !== unique.length) {
    throw new HttpError(
      400,
      'Bad Request',
      'Every service listed must exist and belong to the same provider.',
      undefined,
      'invalid_request',
    )
  }
}

async function providerOf(db: Queryable, kind: PageKind, id: number): Promise<number> {
  const { rows } = await db.query<{ providerId: number }>(
    `SELECT provider_id AS "providerId" FROM ${TABLE[kind]} WHERE id = $1`,
    [id],
  )
  const found = rows[0]
  if (!found) throw new HttpError(404, 'Not Found', `No such ${WHAT[kind]}.`)
  return found.providerId
}

async function writeHeadings(db: Queryable, menuId: number, headings: MenuHeading[]) {
  await db.query('DELETE FROM service_menu_headings WHERE menu_id = $1', [menuId])
  for (const [position, heading] of headings.entries()) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO service_menu_headings (menu_id, position, name, translations)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      // A PATCH body gets no defaults (a missing field keeps its value): none means none here.
      [menuId, position, heading.name, heading.translations ?? {}],
    )
    const headingId = rows[0]?.id as number
    for (const [index, serviceId] of heading.serviceIds.entries()) {
      await db.query(
        'INSERT INTO service_menu_items (heading_id, service_id, position) VALUES ($1, $2, $3)',
        [headingId, serviceId, index],
      )
    }
  }
}

async function writeMembers(db: Queryable, groupId: number, serviceIds: number[]) {
  await db.query('DELETE FROM service_group_members WHERE group_id = $1', [groupId])
  for (const [position, serviceId] of serviceIds.entries()) {
    await db.query(
      'INSERT INTO service_group_members (group_id, service_id, position) VALUES ($1, $2, $3)',
      [groupId, serviceId, position],
    )
  }
}

const listedServices = (input: Partial<MenuInput & GroupInput>) =>
  input.headings?.flatMap((heading) => heading.serviceIds) ?? input.serviceIds

/** Creates a menu or a group with its services; call inside a transaction. */
export async function createPage(
  db: Queryable,
  kind: PageKind,
  input: MenuInput | GroupInput,
): Promise<number> {
  try {
    await checkServices(db, input.providerId, listedServices(input) ?? [])
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO ${TABLE[kind]} (provider_id, slug, name, description, translations, published)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        input.providerId,
        input.slug,
        input.name,
        input.description,
        input.translations,
        input.published,
      ],
    )
    const id = rows[0]?.id as number
    if ('headings' in input) await writeHeadings(db, id, input.headings)
    if ('serviceIds' in input) await writeMembers(db, id, input.serviceIds)
    return id
  } catch (error) {
    mapDbError(error, kind)
  }
}

/**
 * Edits a menu or a group; a new list of headings or services replaces the old one, in its
 * order (that is how the business reorders). Call inside a transaction.
 */
export async function updatePage(
  db: Queryable,
  kind: PageKind,
  id: number,
  input: Partial<Omit<MenuInput & GroupInput, 'providerId'>>,
): Promise<void> {
  try {
    const providerId = await providerOf(db, kind, id)
    const services = listedServices(input)
    if (services) await checkServices(db, providerId, services)
    await db.query(
      `UPDATE ${TABLE[kind]} SET slug = COALESCE($2, slug), name = COALESCE($3, name),
              description = COALESCE($4, description),
              translations = COALESCE($5, translations), published = COALESCE($6, published)
        WHERE id = $1`,
      [
        id,
        input.slug ?? null,
        input.name ?? null,
        input.description ?? null,
        input.translations ?? null,
        input.published ?? null,
      ],
    )
    if (kind === 'menu' && input.headings) await writeHeadings(db, id, input.headings)
    if (kind === 'group' && input.serviceIds) await writeMembers(db, id, input.serviceIds)
  } catch (error) {
    mapDbError(error, kind)
  }
}

/**
 * A published menu or group by id or slug, or undefined; a page still being prepared is as
 * unknown to visitors as one that does not exist.
 */
export async function findPublishedPage(
  db: Queryable,
  kind: PageKind,
  idOrSlug: string,
): Promise<StoredPage | undefined> {
  const byId = /^\d+$/.test(idOrSlug)
  // An id beyond PostgreSQL's integer names nothing (and must not reach the query as one).
  if (byId && Number(idOrSlug) > MAX_DATABASE_INTEGER) return undefined
  const { rows } = await db.query<StoredPage>(
    `SELECT id, provider_id AS "providerId", slug, name, description, translations, published
       FROM ${TABLE[kind]} WHERE ${byId ? 'id = $1' : 'slug = $1'} AND published`,
    [byId ? Number(idOrSlug) : idOrSlug],
  )
  return rows[0]
}

/** A menu's headings, each with its services, in order. */
export async function menuHeadings(db: Queryable, menuId: number): Promise<MenuHeading[]> {
  const { rows } = await db.query<MenuHeading>(
    `SELECT h.name, h.translations,
            COALESCE((SELECT array_agg(i.service_id ORDER BY i.position)
                        FROM service_menu_items i WHERE i.heading_id = h.id), '{}') AS "serviceIds"
       FROM service_menu_headings h WHERE h.menu_id = $1 ORDER BY h.position`,
    [menuId],
  )
  return rows
}

/** A group's services, in order. */
export async function groupServiceIds(db: Queryable, groupId: number): Promise<number[]> {
  const { rows } = await db.query<{ serviceId: number }>(
    `SELECT service_id AS "serviceId" FROM service_group_members
      WHERE group_id = $1 ORDER BY position`,
    [groupId],
  )
  return rows.map((row) => row.serviceId)
}

export type ListedPage = StoredPage & { createdAt: string } & (
    { headings: MenuHeading[] } | { serviceIds: number[] }
  )

/** Every menu or group, published or not, oldest first, with its headings or its services. */
export async function listPages(db: Queryable, kind: PageKind): Promise<ListedPage[]> {
  const contents =
    kind === 'menu'
      ? `COALESCE((SELECT json_agg(json_build_object(
                     'name', h.name, 'translations', h.translations,
                     'serviceIds', COALESCE((SELECT json_agg(i.service_id ORDER BY i.position)
                                               FROM service_menu_items i
                                              WHERE i.heading_id = h.id), '[]'))
                   ORDER BY h.position)
                    FROM service_menu_headings h WHERE h.menu_id = t.id), '[]') AS headings`
      : `COALESCE((SELECT array_agg(m.service_id ORDER BY m.position)
                    FROM service_group_members m WHERE m.group_id = t.id), '{}') AS "serviceIds"`
  const { rows } = await db.query<ListedPage & { createdAt: Date | string }>(
    `SELECT t.id, t.provider_id AS "providerId", t.slug, t.name, t.description, t.translations,
            t.published, t.created_at AS "createdAt", ${contents}
       FROM ${TABLE[kind]} t ORDER BY t.id`,
  )
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
}

/**
 * Deletes a menu or a group with its headings or members. Its public route then answers "not
 * found" like any unknown page, and its slug is free again.
 */
export async function deletePage(db: Queryable, kind: PageKind, id: number): Promise<void> {
  const { affectedRows } = await db.query(`DELETE FROM ${TABLE[kind]} WHERE id = $1`, [id])
  if (!affectedRows) throw new HttpError(404, 'Not Found', `No such ${WHAT[kind]}.`)
}
