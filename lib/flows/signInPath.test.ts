import type { CallPath } from '@/lib/api/catalogue';
import { identCodeOf, signInPathAfter } from './signInPath';

describe('where a participant signs in again once the session has ended', () => {
  it.each<[string, CallPath, Record<string, unknown>, string | undefined]>([
    ['an ident code: its deep link', 'submit/kodekodex/identcode', { assessmentIdentCode: 'P1DEMO01' }, '/home/P1DEMO01'],
    ['an ident code that is no path part', 'submit/kodekodex/identcode', { assessmentIdentCode: '../admin' }, undefined],
    ['no ident code', 'submit/kodekodex/identcode', {}, undefined],
    ['a kodew group login: the entry (the code went encrypted)', 'submit/kodew/login', { groupcode: 'U2FsdGVk+/=' }, '/kodew'],
    ['an ra group login: the entry', 'submit/ra/login', { groupcode: 'enc' }, '/ra'],
    ['a kodegroupcode login: the entry with the code, which travels in the clear', 'submit/kodegroupcode/login', { groupcode: 'KGDEMO01' }, '/kodegroupcode/KGDEMO01'],
    ['a kodegroupcode login with a code that is no path part: the entry', 'submit/kodegroupcode/login', { groupcode: 'a/b' }, '/kodegroupcode'],
    ['any other call', 'submit/kodekodex/login', { passwordHash: 'x' }, undefined],
  ])('%s', (_name, path, request, expected) => {
    expect(signInPathAfter(path, request)).toBe(expected);
  });
});

describe('the ident code a password manager files the access code under', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['the ident code of the deep link', '/home/P1DEMO01', 'P1DEMO01'],
    ['a returning group participant: their personal access code', '/home/AbC123xyz', 'AbC123xyz'],
    ['a group entry: none', '/kodegroupcode/KGDEMO01', undefined],
    ['an entry without a code: none', '/kodew', undefined],
    ['/home alone: none', '/home', undefined],
    ['no sign-in path: none', undefined, undefined],
    ['anything after the code: none', '/home/P1DEMO01/en', undefined],
  ])('%s', (_name, signInPath, expected) => {
    expect(identCodeOf(signInPath)).toBe(expected);
  });
});
