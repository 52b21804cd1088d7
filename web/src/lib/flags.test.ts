import { describe, expect, it } from 'vitest';

import { isFlag, languageToEmoji, regionToEmoji } from './flags';

describe('regionToEmoji', () => {
  it.each([
    ['USA', '🇺🇸'],
    ['u', '🇺🇸'],
    ['Europe', '🇪🇺'],
    ['EUR', '🇪🇺'],
    ['Japan', '🇯🇵'],
    ['jp', '🇯🇵'],
    ['England', '🇬🇧'],
    ['UK', '🇬🇧'],
    ['Holland', '🇳🇱'],
    ['Netherlands', '🇳🇱'],
    ['Hong Kong', '🇭🇰'],
    ['Asia', '🌏'],
    ['World', '🌎'],
    ['Unlicensed', '🌎'],
    ['Unknown', '🌎'],
    ['Brazil', '🇧🇷'],
    ['Korea', '🇰🇷'],
    ['Sweden', '🇸🇪'],
    ['Taiwan', '🇹🇼'],
    ['United Kingdom', '🇬🇧'],
    ['Denmark', '🇩🇰'],
    ['DK', '🇩🇰'],
    ['Peru', '🇵🇪'],
    ['Mexico', '🇲🇽'],
    ['India', '🇮🇳'],
    ['New Zealand', '🇳🇿'],
    ['Switzerland', '🇨🇭'],
    ['Latin America', '🌎'],
  ])('%s → %s', (region, flag) => {
    expect(regionToEmoji(region)).toBe(flag);
  });

  it('is case-insensitive and trims', () => {
    expect(regionToEmoji('  usa ')).toBe('🇺🇸');
    expect(regionToEmoji('JAPAN')).toBe('🇯🇵');
  });

  it('returns unknown regions unchanged', () => {
    expect(regionToEmoji('Public Domain')).toBe('Public Domain');
    expect(isFlag(regionToEmoji('Public Domain'))).toBe(false);
  });
});

describe('languageToEmoji', () => {
  it.each([
    ['En', '🇬🇧'],
    ['English', '🇬🇧'],
    ['fr', '🇫🇷'],
    ['German', '🇩🇪'],
    ['pt', '🇵🇹'],
    ['Chinese', '🇨🇳'],
    ['ar', '🇦🇪'],
    ['la', '🇻🇦'],
    ['nolang', '🌎'],
    ['No Language', '🌎'],
  ])('%s → %s', (language, flag) => {
    expect(languageToEmoji(language)).toBe(flag);
    expect(isFlag(flag)).toBe(true);
  });

  it('returns unknown languages unchanged', () => {
    expect(languageToEmoji('Klingon')).toBe('Klingon');
  });
});
