import { describe, expect, it } from 'vitest';
import rule from '../../rules/filter-provider-loaded.js';
import { filterModule, filterNames } from '../../src/apache/filters.js';
import { ruleTester } from '../helpers/rule-tester.js';

const MAIN = 'LoadModule mime_module modules/mod_mime.so\nLoadModule dir_module modules/mod_dir.so\nLoadModule include_module modules/mod_include.so\n';

// Found by a helper's bug hunt: the migrated tree loaded mod_filter only, and the real 2.4 stopped
// with "Unknown filter provider DEFLATE".
ruleTester(rule, {
  valid: [`${MAIN}AddOutputFilterByType ${'$'}{EXTRA_FILTER} text/html\n`, 
    `${MAIN}AddOutputFilterByType INCLUDES text/html\n`,
    `${MAIN}LoadModule deflate_module modules/mod_deflate.so\nAddOutputFilterByType deflate;INCLUDES text/html\n`,
    `${MAIN}<IfModule mod_deflate.c>\n    AddOutputFilterByType DEFLATE text/html\n</IfModule>\n`,
    `${MAIN}ExtFilterDefine myfilter mode=output cmd=/bin/cat\nAddOutputFilterByType MYFILTER text/html\n`,
    'AddOutputFilterByType DEFLATE text/html\n', // no LoadModule lines: what is loaded is not known
  ],
  invalid: [
    {
      name: 'puts a line whose filter\'s module is not loaded inside <IfModule>',
      code: `${MAIN}    AddOutputFilterByType DEFLATE text/html\n`,
      output: `${MAIN}    <IfModule mod_deflate.c>\n    AddOutputFilterByType DEFLATE text/html\n    </IfModule>\n`,
      errors: [/^AddOutputFilterByType names DEFLATE \(mod_deflate, which no LoadModule line loads\): .*"Unknown filter provider DEFLATE"/],
    },
    {
      name: 'reports a line that also names a loaded filter, or a name no module provides, and leaves it',
      code: `${MAIN}AddOutputFilterByType SUBSTITUTE;INCLUDES text/html\nAddOutputFilterByType MYFILTER text/html\n`,
      output: null,
      errors: ['names SUBSTITUTE (mod_substitute', 'names MYFILTER (no module of httpd\'s provides it'],
    },
    // Found by a helper's bug hunt: both 2.2 and 2.4 replace ${NAME} before the directive reads the line, so the value is not decided on.
    {
      name: 'a ${NAME} filter is not called unknown, and holds back the <IfModule> fix',
      code: `${MAIN}AddOutputFilterByType DEFLATE;${'$'}{EXTRA_FILTER} text/html\n`,
      output: null,
      errors: [/^AddOutputFilterByType names DEFLATE \(mod_deflate, which no LoadModule line loads\): .*Remove that name/],
    },
  ],
});

describe('filterModule', () => {
  it('knows the filters by any case, and a list by its semicolons', () => {
    expect(filterNames('deflate; INCLUDES').map(filterModule)).toEqual(['deflate', 'include']);
    expect(filterModule('Proxy-HTML')).toBe('proxy_html');
    expect(filterModule('toString')).toBeUndefined();
  });
});
