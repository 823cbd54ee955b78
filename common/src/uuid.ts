/**
 * Whether a text is a UUID (any version, either case). Ids from a URL are checked with it before a
 * query compares them with a uuid column, which would refuse anything else with an error.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
