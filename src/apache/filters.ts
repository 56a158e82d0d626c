/**
 * The output filters 2.4's modules register, by the name a configuration gives them. mod_filter's
 * AddOutputFilterByType looks each name up while reading and stops httpd when no loaded module
 * registered it ("Unknown filter provider DEFLATE"); 2.2's core stored the names and skipped an
 * unknown one at request time. Each row was checked with the
 * real `apache2 -t`, without and with the module (filter names are case-insensitive).
 */
const FILTER_MODULES: Readonly<Record<string, string>> = {
  deflate: 'deflate', inflate: 'deflate', includes: 'include', substitute: 'substitute', sed: 'sed',
  buffer: 'buffer', data: 'data', rate_limit: 'ratelimit', xml2enc: 'xml2enc', 'proxy-html': 'proxy_html',
  brotli_compress: 'brotli', xlateout: 'charset_lite',
};

/** The short name of the module that registers an output filter, or undefined for a name no module of httpd's has. */
export function filterModule(name: string): string | undefined {
  return Object.hasOwn(FILTER_MODULES, name.toLowerCase()) ? FILTER_MODULES[name.toLowerCase()] : undefined;
}

/** The filter names of a filter list argument (`DEFLATE;INCLUDES`). */
export function filterNames(list: string): string[] {
  return list.split(';').map((f) => f.trim()).filter(Boolean);
}
