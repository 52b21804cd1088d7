/** Always excluded, whatever config.yml says (merged into every scan). */
export const DEFAULT_EXCLUDED_DIRS = [
  '@eaDir',
  'assets',
  '__MACOSX',
  '#recycle',
  '$RECYCLE.BIN',
  '.Trash-*',
  '.stfolder',
  '.Spotlight-V100',
  '.fseventsd',
  '.DocumentRevisions-V100',
  'System Volume Information',
];

export const DEFAULT_EXCLUDED_FILES = [
  '.DS_Store',
  '.localized',
  '.Trashes',
  '.stfolder',
  '@SynoResource',
  '*:Zone.Identifier',
  'gamelist.xml',
  'metadata.pegasus.txt',
];

export const DEFAULT_EXCLUDED_EXTENSIONS = [
  'db',
  'ini',
  'tmp',
  'bak',
  'lock',
  'log',
  'cache',
  'crdownload',
];

export const DEFAULT_METADATA_PRIORITY = [
  'igdb',
  'moby',
  'ss',
  'ra',
  'launchbox',
  'gamelist',
  'hasheous',
  'tgdb',
  'flashpoint',
  'hltb',
];

export const DEFAULT_ARTWORK_PRIORITY = [
  'sgdb',
  'igdb',
  'moby',
  'ss',
  'libretro',
  'ra',
  'launchbox',
  'gamelist',
  'hasheous',
  'tgdb',
  'flashpoint',
  'hltb',
];

export const DEFAULT_REGION_PRIORITY = ['us', 'wor', 'ss', 'eu', 'jp'];
export const DEFAULT_LANGUAGE_PRIORITY = ['en'];
/** Media kinds a scan fetches (RomM's `scan.media`). */
export const DEFAULT_SCAN_MEDIA = ['box2d', 'screenshot', 'manual'];

/**
 * Written to <data>/config/config.yml when the file is missing. Every key is commented out,
 * so the file parses to "all defaults" until the owner uncomments something.
 */
export const CONFIG_TEMPLATE = `# RomShelf library configuration (RomM-compatible key layout).
# Edits apply without a restart: the server re-reads this file when it changes.
# Every key below is optional; remove the leading "#" to set one.
# Names and folder patterns accept shell wildcards: * (anything), ? (one character), [abc].
#
# Always excluded, whatever you write here:
#   folders:    ${DEFAULT_EXCLUDED_DIRS.join(', ')}
#   files:      ${DEFAULT_EXCLUDED_FILES.join(', ')}
#   extensions: ${DEFAULT_EXCLUDED_EXTENSIONS.join(', ')}

# exclude:
#   # Platform folders to skip entirely (folder names or patterns).
#   platforms:
#     - romm
#   roms:
#     # ROMs that are one file directly in a platform folder.
#     single_file:
#       # File extensions to skip (without the dot).
#       extensions:
#         - xml
#       # File names to skip (patterns allowed).
#       names:
#         - info.txt
#     # ROMs that are a folder of files.
#     multi_file:
#       # Folder names not to treat as ROMs (patterns allowed, case-insensitive).
#       names:
#         - downloaded_media
#       # Files ignored inside ROM folders.
#       parts:
#         extensions:
#           - txt
#         names:
#           - '*.nfo'

# system:
#   # Folder name -> platform slug, when your folder is not named like the platform.
#   platforms:
#     gc: ngc
#     ps1: psx
#   # Folder name -> main platform slug, for versions of a platform.
#   versions:
#     naomi: arcade

# filesystem:
#   # Skip computing CRC32/MD5/SHA-1 hashes during scans (faster, but no hash matching).
#   skip_hash_calculation: false

# scan:
#   priority:
#     # Which metadata source wins when several have data (first = highest).
#     metadata:
#       - ${DEFAULT_METADATA_PRIORITY.join('\n#       - ')}
#     # Which source's artwork is used first.
#     artwork:
#       - ${DEFAULT_ARTWORK_PRIORITY.join('\n#       - ')}
#     # Preferred regions for titles and covers.
#     region:
#       - ${DEFAULT_REGION_PRIORITY.join('\n#       - ')}
#     # Preferred languages.
#     language:
#       - ${DEFAULT_LANGUAGE_PRIORITY.join('\n#       - ')}

# emulatorjs:
#   # Options of the in-browser player, per core (or \`default\` for every core).
#   settings:
#     default:
#       fps: show
#   # Key bindings per core and player (0-3): button number -> keys.
#   controls:
#     snes9x:
#       0:
#         0:
#           value: x
#           value2: BUTTON_2
#   netplay:
#     enabled: false
#     ice_servers:
#       - urls: stun:stun.l.google.com:19302
`;
