/**
 * Names folded for search (core/text/fold.ts): accents and case aside, compatibility forms taken
 * apart, and the letters NFKD leaves whole spelled as a keyboard without them spells them.
 */
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../core/text/fold.js';

describe('foldForSearch', () => {
  it('takes accents and case aside, as before', () => {
    expect(foldForSearch('José NÚÑEZ')).toBe('jose nunez');
    expect(foldForSearch('Chloé Dubois-Ångström')).toBe('chloe dubois-angstrom');
    expect(foldForSearch('Nguyễn Thị Minh Khai')).toBe('nguyen thi minh khai');
  });

  it('spells the letters NFKD leaves whole as a keyboard without them does (Sørensen found by “soren”)', () => {
    expect(foldForSearch('Sørensen')).toBe('sorensen');
    expect(foldForSearch('SØRENSEN')).toBe('sorensen');
    expect(foldForSearch('Æsir Cæsar')).toBe('aesir caesar');
    expect(foldForSearch('Œuvre')).toBe('oeuvre');
    expect(foldForSearch('Straße STRAẞE')).toBe('strasse strasse');
    expect(foldForSearch('Łukasz Michałowski')).toBe('lukasz michalowski');
    expect(foldForSearch('Đorđe Đurić')).toBe('dorde duric');
    expect(foldForSearch('Guðrún Þórsdóttir')).toBe('gudrun thorsdottir');
    expect(foldForSearch('Ħal Qormi')).toBe('hal qormi');
    expect(foldForSearch('Işıl')).toBe('isil');
    expect(foldForSearch('İstanbul')).toBe('istanbul');
  });

  it('takes compatibility forms apart (ligatures, full-width letters)', () => {
    expect(foldForSearch('ﬁnn')).toBe('finn');
    expect(foldForSearch('Ａｎａ')).toBe('ana');
  });

  it('lowers case the same on every phone (a Turkish locale does not turn I into ı)', () => {
    expect(foldForSearch('INGRID')).toBe('ingrid');
  });

  it('leaves scripts without case or marks to fold as they are', () => {
    expect(foldForSearch('山田 太郎')).toBe('山田 太郎');
    expect(foldForSearch('Ольга Петрова')).toBe('ольга петрова');
  });
});
