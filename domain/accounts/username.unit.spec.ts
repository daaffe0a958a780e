import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usernameSchema } from './account.schemas';
import { usernameLookalikeKey, usernameProblemOf } from './username';

/** Every username the demo data registers: they must all stay acceptable and tell apart. */
const DEMO_NAMES = [
  'admin',
  'author',
  'player',
  'mirek_apex',
  'Schnellwerk',
  'LaFlecheBleue',
  'Norrsken',
  'CapivaraRacing',
  'dustdevil_tx',
  'hanabi_ghost',
  'vanDijkLines',
  'SisuSpeed',
  'ToroRojo',
  'brickfog',
  'Wiatr_PL',
  'checkpoint_chaser',
  'nocturne_tm',
  'pixelpilot',
  'ghostlap_au',
  'slowmo_sam',
  'free_coins_4u',
];

describe('usernameProblemOf', () => {
  it.each([
    ['\u2800\u2800\u2800\u2800', 'hidden-characters'],
    ['pilot\u2800', 'hidden-characters'],
    ['\u200b\u200b\u200b\u200b', 'hidden-characters'],
    ['pаypal', 'mixed-scripts'],
    ['ɑdmin', 'lookalike'],
  ])('refuses %j (%s)', (name, problem) => expect(usernameProblemOf(name)).toBe(problem));

  it.each([...DEMO_NAMES, 'Jürgen', 'Иван_гонщик', '山田たろう'])('accepts %j', (name) =>
    expect(usernameProblemOf(name)).toBeNull(),
  );

  it('refuses four blank braille characters through the shared schema', () => {
    expect(usernameSchema.safeParse('\u2800\u2800\u2800\u2800').success).toBe(false);
  });
});

describe('usernameLookalikeKey', () => {
  it.each([
    ['pixeIpilot', 'pixelpilot'],
    ['PIXELPILOT', 'pixelpilot'],
    ['adrnin', 'admin'],
    ['hanabl_ghost', 'hanabi_ghost'],
    ['hanab1_ghost', 'hanabi_ghost'],
    ['hanab|_ghost', 'hanabi_ghost'],
    ['n0cturne_tm', 'nocturne_tm'],
    ['NOCTURNE_TM', 'nocturne_tm'],
    ['vvolf_racer', 'wolf_racer'],
    ['brickfog', 'brickf0g'],
    ['dustdevil_tx', 'cIustdevil_tx'],
    ['ｐｉｘｅｌｐｉｌｏｔ', 'pixelpilot'],
  ])('gives %j the key of %j', (a, b) => expect(usernameLookalikeKey(a)).toBe(usernameLookalikeKey(b)));

  it.each([
    ['pixelpilot', 'pixelpirate'],
    ['admin', 'adman'],
    ['hanabi_ghost', 'hanabi_host'],
    ['Jürgen', 'Jurgen'],
  ])('keeps %j and %j apart', (a, b) => expect(usernameLookalikeKey(a)).not.toBe(usernameLookalikeKey(b)));

  it('keeps every demo name apart from the others', () => {
    const keys = DEMO_NAMES.map(usernameLookalikeKey);
    expect(new Set(keys).size).toBe(DEMO_NAMES.length);
  });

  it('ignores case and is stable: the key of a key is the key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_|.-]{1,20}$/), (name) => {
        const key = usernameLookalikeKey(name);
        expect(usernameLookalikeKey(name.toUpperCase())).toBe(usernameLookalikeKey(name.toLowerCase()));
        expect(usernameLookalikeKey(key)).toBe(key);
      }),
    );
  });

  it('gives one key whichever of l, I, i, 1 and | a name spells, and 0 or o, rn or m', () => {
    const spellings = fc.array(
      fc.constantFrom<[string[], string]>(
        [['l', 'I', 'i', '1', '|'], 'l'],
        [['0', 'o', 'O'], 'o'],
        [['rn', 'm', 'M'], 'm'],
        [['vv', 'w', 'W'], 'w'],
        [['a'], 'a'],
        [['_'], '_'],
      ),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(spellings, fc.nat(), (parts, seed) => {
        const plain = parts.map(([, canonical]) => canonical).join('');
        const spelled = parts.map(([forms], index) => forms[(seed + index) % forms.length]).join('');
        expect(usernameLookalikeKey(spelled)).toBe(usernameLookalikeKey(plain));
      }),
    );
  });
});
