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
