import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

import { defaultLibraryConfig, readLibraryConfig } from './library-config.service.js';

describe('readLibraryConfig', () => {
  it('gives defaults for an empty or all-comment file', () => {
    expect(readLibraryConfig(parse('# nothing here\n'))).toEqual({
      config: defaultLibraryConfig(),
      problems: [],
    });
  });

  it('treats keys left empty as unset', () => {
    const { config, problems } = readLibraryConfig(
      parse('exclude:\n  platforms:\nscan:\n  priority:\n'),
    );
    expect(problems).toEqual([]);
    expect(config.EXCLUDED_PLATFORMS).toEqual([]);
    expect(config.SCAN_METADATA_PRIORITY).toEqual(defaultLibraryConfig().SCAN_METADATA_PRIORITY);
  });

  it('accepts numbers in lists and maps as texts', () => {
    const { config } = readLibraryConfig(
      parse('exclude:\n  platforms: [3do, 32x]\nsystem:\n  platforms: { 3do: 3do }\n'),
    );
    expect(config.EXCLUDED_PLATFORMS).toEqual(['3do', '32x']);
    expect(config.PLATFORMS_BINDING).toEqual({ '3do': '3do' });
  });

  it('rejects a document that is not a mapping', () => {
    expect(readLibraryConfig(parse('- a\n- b\n')).problems).toEqual([
      'the file must contain a mapping of keys',
    ]);
  });

  it('reports nested values of the wrong type', () => {
    expect(
      readLibraryConfig(
        parse('system:\n  platforms: [gc]\nscan:\n  priority:\n    region: [[us]]\n'),
      ).problems,
    ).toEqual([
      'system.platforms must be a mapping of folder names to platform slugs',
      'scan.priority.region must be a list of texts',
    ]);
  });

  it('keeps only bindings of folder names to platform slugs and lists the others', () => {
    const { config, problems } = readLibraryConfig(
      parse(
        'system:\n  platforms:\n    snes: "/etc"\n    super-nintendo: snes\n    "../up": gba\n' +
          '    megacd: sega-cd\n  versions:\n    naomi: "arcade; rm -rf"\n    gc: ngc\n',
      ),
    );
    expect(problems).toEqual([]);
    expect(config.PLATFORMS_BINDING).toEqual({ 'super-nintendo': 'snes', megacd: 'sega-cd' });
    expect(config.PLATFORMS_VERSIONS).toEqual({ gc: 'ngc' });
    expect(config.CONFIG_FILE_INVALID_BINDINGS).toEqual([
      { key: 'system.platforms', folder: 'snes', value: '/etc' },
      { key: 'system.platforms', folder: '../up', value: 'gba' },
      { key: 'system.versions', folder: 'naomi', value: 'arcade; rm -rf' },
    ]);
  });
});
