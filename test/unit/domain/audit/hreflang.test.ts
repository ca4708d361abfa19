/** hreflang codes as the audit judges them: ISO 639-1 languages and ISO 3166-1 regions, or x-default. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validHreflang } from '../../../../server/domain/audit/hreflang.js';

describe('validHreflang', () => {
  it('accepts a language, a language with a region, and x-default, in any case', () => {
    for (const code of ['en', 'EN', 'en-GB', 'en-gb', 'de-AT', 'pt-BR', 'zh-TW', 'x-default', 'X-Default'])
      assert.equal(validHreflang(code), true, code);
  });

  it('refuses unknown languages and regions, region-only codes, underscores and three-letter codes', () => {
    for (const code of ['xx', 'zz-GB', 'en-XX', 'en-UK', 'GB', 'en_GB', 'eng', 'en-GB-x', '', 'default'])
      assert.equal(validHreflang(code), false, code);
  });
});
