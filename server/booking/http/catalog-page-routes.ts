import type { FastifyPluginAsync } from 'fastify'
import type { ObjectSchema } from 'joi'
import type {
  CatalogPage,
  GroupResponse,
  ServiceMenuResponse,
} from '../../../src/lib/booking/catalog-pages'
import {
  groupWidgetPath,
  menuWidgetPath,
  type AdminGroup,
  type AdminServiceMenu,
} from '../../../src/lib/admin/catalogue-types'
import { idSchema, Joi } from '../../../src/lib/validation/joi'
import { HttpError } from '../../errors'
import type { BookingContext } from '../commands/context'
import { findProviderById, findServicesByIds, listStaff } from '../store/catalog'
import {
  createPage,
  deletePage,
  findPublishedPage,
  groupServiceIds,
  listPages,
  menuHeadings,
  updatePage,
  type GroupInput,
  type MenuInput,
  type PageKind,
  type StoredPage,
} from '../store/catalog-pages'
import { publicProvider, publicService, publicStaff } from '../views/public-view'
import { groupResponseSchema, serviceMenuResponseSchema } from './response-schemas'
import { groupSchema, menuSchema, patchOf } from './setup-schemas'
import {
  adminGroupSchema,
  adminServiceMenuSchema,
  publishedSchema,
  savedSchema,
} from './admin-response-schemas'
import { noContent } from '../../openapi/schemas'

// One path segment: an id or a slug (the same page); anything else is no page at all.
const pageParams = Joi.object({ page: Joi.string().max(128).required() })
const idParams = Joi.object({ id: idSchema.required() })

const NOT_FOUND: Record<PageKind, string> = {
  menu: 'No published service menu has this id or slug.',
  group: 'No published group has this id or slug.',
}

/** What visitors see of a page: its services in order, their provider and staff. */
async function pageView(
  ctx: BookingContext,
  page: StoredPage,
  serviceIds: number[],
): Promise<CatalogPage> {
  const [provider, found, staff] = await Promise.all([
    findProviderById(ctx.db, page.providerId),
    findServicesByIds(ctx.db, serviceIds),
    listStaff(ctx.db, page.providerId),
  ])
  const byId = new Map(found.map((service) => [service.id, service]))
  const services = serviceIds.flatMap((id) => {
    const service = byId.get(id)
    return service ? [publicService(service)] : []
  })
  const listed = new Set(serviceIds)
  return {
    id: page.id,
    slug: page.slug,
    name: page.name,
    description: page.description,
    translations: page.translations,
    // The provider row outlives its pages (ON DELETE CASCADE), so it is always there.
    provider: publicProvider(provider as NonNullable<typeof provider>),
    services,
    staff: staff
      .filter((member) => member.serviceIds.some((id) => listed.has(id)))
      .map(publicStaff),
  }
}

/** Public reads: `GET /service-menus/{idOrSlug}` and `GET /groups/{idOrSlug}`. */
export const catalogPageRoutes: FastifyPluginAsync<{ ctx: BookingContext }> = async (
  app,
  { ctx },
) => {
  const published = async (kind: PageKind, idOrSlug: string) => {
    const page = await findPublishedPage(ctx.db, kind, idOrSlug)
    if (!page) throw new HttpError(404, 'Not Found', NOT_FOUND[kind], undefined, 'not_found')
    return page
  }

  app.get<{ Params: { page: string } }>(
    '/service-menus/:page',
    { schema: { params: pageParams, response: { 200: serviceMenuResponseSchema } } },
    async (request): Promise<ServiceMenuResponse> => {
      const menu = await published('menu', request.params.page)
      const headings = await menuHeadings(ctx.db, menu.id)
      const serviceIds = [...new Set(headings.flatMap((heading) => heading.serviceIds))]
      return { ...(await pageView(ctx, menu, serviceIds)), headings }
    },
  )

  app.get<{ Params: { page: string } }>(
    '/groups/:page',
    { schema: { params: pageParams, response: { 200: groupResponseSchema } } },
    async (request): Promise<GroupResponse> => {
      const group = await published('group', request.params.page)
      return pageView(ctx, group, await groupServiceIds(ctx.db, group.id))
    },
  )
}

const WIDGET_PATH: Record<PageKind, (slug: string) => string> = {
  menu: menuWidgetPath,
  group: groupWidgetPath,
}

/**
 * The business's side, for owners and admins (or ADMIN_TOKEN): list, create, edit (a new list of
 * headings or services is the new order), publish, unpublish and delete.
 */
export const catalogPageAdminRoutes: FastifyPluginAsync<{ ctx: BookingContext }> = async (
  app,
  { ctx },
) => {
  const routes = (
    kind: PageKind,
    path: string,
    schema: typeof menuSchema,
    listedSchema: ObjectSchema,
  ) => {
    app.get(
      path,
      { schema: { response: { 200: Joi.array().items(listedSchema) } } },
      async (): Promise<(AdminServiceMenu | AdminGroup)[]> =>
        (await listPages(ctx.db, kind)).map((page) => ({
          ...page,
          widgetPath: WIDGET_PATH[kind](page.slug),
        })),
    )
    app.post<{ Body: MenuInput | GroupInput }>(
      path,
      { schema: { body: schema, response: { 201: savedSchema } } },
      async (request, reply) => {
        const id = await ctx.db.transaction((tx) => createPage(tx, kind, request.body))
        return reply.status(201).send({ id })
      },
    )
    app.patch<{ Params: { id: number }; Body: Partial<MenuInput & GroupInput> }>(
      `${path}/:id`,
      {
        schema: {
          params: idParams,
          body: patchOf(schema).fork(['providerId'], (f) => f.forbidden()),
          response: { 200: savedSchema },
        },
      },
      async (request) => {
        await ctx.db.transaction((tx) => updatePage(tx, kind, request.params.id, request.body))
        return { id: request.params.id }
      },
    )
    for (const [action, value] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post<{ Params: { id: number } }>(
        `${path}/:id/${action}`,
        { schema: { params: idParams, response: { 200: publishedSchema } } },
        async (request) => {
          await ctx.db.transaction((tx) =>
            updatePage(tx, kind, request.params.id, { published: value }),
          )
          return { id: request.params.id, published: value }
        },
      )
    }
    app.delete<{ Params: { id: number } }>(
      `${path}/:id`,
      { schema: { params: idParams, response: { 204: noContent } } },
      async (request, reply) => {
        await ctx.db.transaction((tx) => deletePage(tx, kind, request.params.id))
        return reply.status(204).send()
      },
    )
  }
  routes('menu', '/service-menus', menuSchema, adminServiceMenuSchema)
  routes('group', '/groups', groupSchema, adminGroupSchema)
}
