import fs from 'node:fs/promises'
import path from 'node:path'
import Joi from 'joi'
import { setupTransaction, type Database } from '../db'
import { projectRoot } from '../config'
import { createOneTimeLink, createProvider, createService, createStaff } from './store/setup'
import { createPage } from './store/catalog-pages'
import {
  groupSchema,
  menuSchema,
  providerSchema,
  serviceSchema,
  staffSchema,
} from './http/setup-schemas'
import { validate } from './http/validate'

export const DEMO_SETUP_FILE = path.join(projectRoot, 'content', 'booking-setup.json')

// Menus and groups name their services by slug in the file, and belong to the provider around them.
const bySlugs = Joi.array().items(Joi.string())
const demoMenuSchema = menuSchema
  .fork(['providerId'], (f) => f.forbidden())
  .keys({
    headings: Joi.array().items(
      Joi.object({
        name: Joi.string().required(),
        translations: Joi.object().default({}),
        services: bySlugs.required(),
      }),
    ),
  })
const demoGroupSchema = groupSchema
  .fork(['providerId'], (f) => f.forbidden())
  .keys({ serviceIds: Joi.forbidden(), services: bySlugs.default([]) })

/** The demo setup file: providers with their staff and services, named by key and slug. */
const setupSchema = Joi.object({
  providers: Joi.array()
    .items(
      providerSchema.keys({
        staff: Joi.array().items(
          staffSchema
            .fork(['providerId'], (f) => f.forbidden())
            .keys({
              services: Joi.array().items(Joi.string()).default([]),
            }),
        ),
        services: Joi.array().items(serviceSchema.fork(['providerId'], (f) => f.forbidden())),
        oneTimeLinks: Joi.array()
          .items(Joi.object({ slug: Joi.string().required(), service: Joi.string().required() }))
          .default([]),
        serviceMenus: Joi.array().items(demoMenuSchema).default([]),
        groups: Joi.array().items(demoGroupSchema).default([]),
      }),
    )
    .required(),
})

/** Loads the demo booking setup into an empty database, in one transaction; returns whether it did. */
export async function seedBookingSetup(db: Database, file = DEMO_SETUP_FILE): Promise<boolean> {
  const setup = validate(setupSchema, JSON.parse(await fs.readFile(file, 'utf8')))
  // Under the setup lock: two servers starting on one empty database must not both load it.
  return setupTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM providers',
    )
    if ((rows[0]?.count ?? 0) > 0) return false
    for (const {
      staff = [],
      services = [],
      oneTimeLinks,
      serviceMenus,
      groups,
      ...provider
    } of setup.providers) {
      const providerId = await createProvider(tx, provider)
      const serviceIds = new Map<string, number>()
      for (const service of services) {
        serviceIds.set(service.slug, await createService(tx, { ...service, providerId }))
      }
      for (const { services: performs, ...member } of staff) {
        const ids = performs.map((slug: string) => {
          const id = serviceIds.get(slug)
          if (!id) throw new Error(`demo staff ${member.name} performs unknown service ${slug}`)
          return id
        })
        await createStaff(tx, { ...member, providerId, serviceIds: ids })
      }
      for (const link of oneTimeLinks) {
        const serviceId = serviceIds.get(link.service)
        if (!serviceId) throw new Error(`one-time link ${link.slug} names unknown service`)
        await createOneTimeLink(tx, { serviceId, slug: link.slug })
      }
      const idsOf = (slugs: string[], where: string) =>
        slugs.map((slug) => {
          const id = serviceIds.get(slug)
          if (!id) throw new Error(`${where} lists unknown service ${slug}`)
          return id
        })
      for (const { headings, ...menu } of serviceMenus) {
        await createPage(tx, 'menu', {
          ...menu,
          providerId,
          headings: headings.map(
            ({ services: slugs, ...heading }: { services: string[]; name: string }) => ({
              ...heading,
              serviceIds: idsOf(slugs, `menu ${menu.slug}`),
            }),
          ),
        })
      }
      for (const { services: slugs, ...group } of groups) {
        await createPage(tx, 'group', {
          ...group,
          providerId,
          serviceIds: idsOf(slugs, `group ${group.slug}`),
        })
      }
    }
    return true
  })
}
