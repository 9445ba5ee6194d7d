import { createRequire } from 'node:module'
import BaseJoi from 'joi'

type JsonSchema = Record<string, unknown>
interface PatternSpec {
  regex?: string
  schema?: { type: string; allow?: unknown[]; flags?: { only?: boolean } }
  rule: object
}
interface ParserInstance {
  parse(spec: object, definitions?: object, level?: number): JsonSchema
}
type ParserClass = new (options?: object) => ParserInstance & {
  _setObjectProperties(schema: JsonSchema, spec: object, definitions: object, level: number): void
}

// joi-to-json's own OpenAPI 3.1 parser; its object rule is extended below, so the subclass is
// taken from the module itself (the package's entry point only offers `parse`).
const OpenApi31Parser = createRequire(import.meta.url)(
  'joi-to-json/lib/parsers/open-api-3.1',
) as ParserClass

/**
 * joi-to-json reads `Joi.object().pattern(regex, rule)` as patternProperties but also lists the
 * regex as a property, and drops a pattern whose keys are a joi schema (the locales of a
 * translations map), leaving an object that allows no key at all: serialised with it, every
 * translation would vanish. Here such keys become `propertyNames` and the rule every value's.
 */
class Parser extends OpenApi31Parser {
  /**
   * `components`: where a labelled schema goes, once, named by its label, and is referred to
   * (the published description's answers); without it everything is inline (Fastify's serialiser).
   */
  constructor(private readonly components?: Record<string, JsonSchema>) {
    super()
  }

  override parse(spec: object, definitions: object = {}, level = 0): JsonSchema {
    const components = this.components
    if (!components) return super.parse(spec, definitions, level)
    // From level 1: joi-to-json attaches its own definitions to a level-0 schema.
    const { flags } = spec as { flags?: { label?: string } }
    if (!flags?.label) return super.parse(spec, definitions, Math.max(level, 1))
    const { label, ...otherFlags } = flags
    const schema = super.parse({ ...spec, flags: otherFlags }, definitions, Math.max(level, 1))
    return { $ref: `${COMPONENTS_PATH}${componentName(components, label, schema)}` }
  }

  override _setObjectProperties(
    schema: JsonSchema,
    spec: object,
    definitions: object,
    level: number,
  ) {
    const { patterns, ...rest } = spec as { patterns?: PatternSpec[] }
    super._setObjectProperties(schema, rest, definitions, level)
    if (schema.type !== 'object' || !patterns?.length) return
    const patternProperties: Record<string, JsonSchema> = {}
    for (const pattern of patterns) {
      const rule = this.parse(pattern.rule, definitions, level + 1)
      if (pattern.regex) {
        patternProperties[pattern.regex.replace(/^\/(.*)\/[a-z]*$/, '$1')] = rule
      } else {
        schema.additionalProperties = rule
        const keys = pattern.schema
        if (keys?.type === 'string' && keys.flags?.only && keys.allow) {
          schema.propertyNames = { enum: keys.allow }
        }
      }
    }
    if (Object.keys(patternProperties).length > 0) schema.patternProperties = patternProperties
  }
}

const COMPONENTS_PATH = '#/components/schemas/'

/**
 * The name a labelled schema is kept under: its label, or its label and a number when another
 * schema already has that label (two files may each call their own shape "Saved").
 */
function componentName(
  components: Record<string, JsonSchema>,
  label: string,
  schema: JsonSchema,
): string {
  const text = JSON.stringify(schema)
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? label : `${label}${n}`
    const kept = components[name]
    if (kept === undefined) {
      components[name] = schema
      return name
    }
    if (JSON.stringify(kept) === text) return name
  }
}

/**
 * A route's schema as JSON Schema (OpenAPI 3.1's dialect): the joi schemas are the source, for
 * validation, serialisation and the published description alike; a schema that is already JSON
 * Schema (a file's `content`, "no content") passes as it is.
 */
export function jsonSchemaOf(schema: unknown): unknown {
  return BaseJoi.isSchema(schema, { legacy: true })
    ? new Parser().parse((schema as BaseJoi.Schema).describe(), {})
    : schema
}

/**
 * The same, with every labelled part kept once in `components` and referred to from here: how
 * the description names the answers' shapes (BookingView, AdminService, …) instead of repeating
 * them in every route.
 */
export function describedSchemaOf(
  schema: unknown,
  components: Record<string, JsonSchema>,
): unknown {
  return BaseJoi.isSchema(schema, { legacy: true })
    ? new Parser(components).parse((schema as BaseJoi.Schema).describe(), {})
    : schema
}

/**
 * A response schema as Fastify's serialiser gets it: without `required`, so an answer missing a
 * field the description promises leaves without it rather than failing as a 500 after its work
 * is done (a booking made, a payment taken). The API tests hold every answer to the description
 * with `required` (server/openapi/contract.ts), so a missing field is caught there.
 */
export function forSerialiser(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialiser)
  if (typeof schema !== 'object' || schema === null) return schema
  return Object.fromEntries(
    Object.entries(schema)
      // A property may be called "required" too: only the keyword is an array of names.
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, forSerialiser(value)]),
  )
}
