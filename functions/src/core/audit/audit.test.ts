import { AUDIT_AREAS } from '@shared/schemas/audit';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '../../manifest';
import { keys } from '../db/keys';
import { areaOfPath } from './area';
import {
  changedFields,
  entryAction,
  keptValue,
  MAX_OBJECTS_BYTES,
  MAX_VALUE_CHARS,
  objectsOfChanges,
  storedObjects,
} from './entry';
import { auditObjectOf, mayBeAudited } from './objects';

const E = 'ent1';
const P = 'prj1';

describe('auditObjectOf', () => {
  it('names objects by the ids people see', () => {
    expect(auditObjectOf(keys.project(E, P), null)).toEqual({
      enterpriseId: E,
      type: 'project',
      id: P,
      refs: [P],
    });
    expect(auditObjectOf(keys.enterprise(E), null)).toMatchObject({ type: 'enterprise', id: E });
    expect(auditObjectOf(keys.sprint(E, P, 's1'), null)).toMatchObject({ type: 'sprint', id: `${P}.s1` });
    expect(auditObjectOf(keys.sheetCase(E, P, 'sh', 'c'), null)).toMatchObject({
      type: 'sheetCase',
      id: `${P}.sh-c`,
    });
    expect(auditObjectOf(keys.docNode(E, 'enterprise', 'n1'), null)).toMatchObject({
      type: 'doc',
      id: 'enterprise.n1',
    });
  });

  it('gives an item and its description, and both ends of a link, one object', () => {
    const item = auditObjectOf(keys.issue(E, P, 'i1'), null);
    expect(auditObjectOf(keys.issueBody(E, P, 'i1'), null)).toEqual(item);
    expect(auditObjectOf(keys.caseIssue(E, P, 'c1', 'i1'), null)).toEqual({
      ...auditObjectOf(keys.issueCase(E, P, 'i1', 'c1'), null),
      refs: expect.any(Array),
    });
    const fromRepository = auditObjectOf(keys.repositoryProject(E, 'r1', P), null);
    const fromProject = auditObjectOf(keys.projectRepository(E, P, 'r1'), null);
    expect([fromRepository?.type, fromRepository?.id]).toEqual([fromProject?.type, fromProject?.id]);
    expect(fromProject?.refs).toEqual(expect.arrayContaining(['r1', P]));
  });

  it('counts comments as objects, and not the history journals of a change', () => {
    const key = keys.journal(E, P, 'i1', 'j1');
    expect(auditObjectOf(key, { kind: 'comment' })).toMatchObject({ type: 'comment', id: 'j1' });
    expect(auditObjectOf(key, { kind: 'updated' })).toBeNull();
  });

  it('leaves out bookkeeping, the items of no enterprise and the log itself', () => {
    for (const key of [
      keys.projectCounters(E, P),
      keys.projectChange(E, P, 7),
      keys.roleKey(E, 'admin'),
      keys.exportRunning(E),
      keys.user('u1'),
      keys.session('hash'),
      keys.auditEntry(E, '2026-03-02T10:00:00.000Z', 'abc'),
    ]) {
      expect(auditObjectOf(key, {}), key.sk).toBeNull();
      expect(mayBeAudited(key), key.sk).toBe(false);
    }
  });

  it('makes an unknown kind of item an object of its own sort-key word', () => {
    expect(auditObjectOf({ pk: `ENT#${E}`, sk: 'GADGET#g1' }, null)).toMatchObject({
      type: 'gadget',
      id: 'g1',
    });
  });
});

describe('changedFields', () => {
  it('names only what differs, without keys, versions, time stamps or secrets', () => {
    const before = {
      pk: 'a',
      sk: 'b',
      name: 'Old',
      tags: ['x'],
      version: 1,
      updatedAt: '1',
      tokenSealed: 's',
    };
    const after = {
      pk: 'a',
      sk: 'b',
      name: 'New',
      tags: ['x'],
      version: 2,
      updatedAt: '2',
      tokenSealed: 't',
      note: 'n',
    };
    expect(changedFields(before, after)).toEqual([
      { field: 'name', before: 'Old', after: 'New' },
      { field: 'note', after: 'n' },
    ]);
    expect(changedFields(after, null).map((c) => c.field)).toEqual(['name', 'note', 'tags']);
  });

  it('cuts long text and lists and describes bytes', () => {
    const long = 'y'.repeat(MAX_VALUE_CHARS + 5);
    expect(keptValue(long)).toBe(`${'y'.repeat(MAX_VALUE_CHARS)}… [5 more characters]`);
    expect(keptValue(new Uint8Array(12))).toBe('[12 bytes]');
    expect((keptValue(Array.from({ length: 150 }, (_, i) => i)) as unknown[]).at(-1)).toBe('… [50 more]');
    expect(keptValue({ passwordHash: 'h', nickname: 'n' })).toEqual({ nickname: 'n' });
  });
});

describe('objectsOfChanges', () => {
  it('merges the items of one object and leaves out what is none', () => {
    const [group] = objectsOfChanges([
      { key: keys.issue(E, P, 'i1'), before: null, after: { title: 'T' } },
      { key: keys.issueBody(E, P, 'i1'), before: null, after: { description: 'D' } },
      { key: keys.projectCounters(E, P), before: { issueSeq: 1 }, after: { issueSeq: 2 } },
    ]);
    expect(group?.objects).toEqual([
      {
        type: 'workItem',
        id: 'i1',
        action: 'create',
        changes: [
          { field: 'title', after: 'T' },
          { field: 'description', after: 'D' },
        ],
      },
    ]);
    expect(entryAction(group!.objects)).toBe('create');
  });
});

describe('storedObjects', () => {
  it('keeps field names but drops values, then objects, to stay under the size', () => {
    const big = 'z'.repeat(MAX_VALUE_CHARS);
    const objects = Array.from({ length: 200 }, (_, i) => ({
      type: 'workItem',
      id: `i${i}`,
      action: 'update' as const,
      changes: [{ field: 'description', before: big, after: big }],
    }));
    const stored = storedObjects(objects);
    expect(stored.truncated).toBe(true);
    expect(Buffer.byteLength(stored.json)).toBeLessThanOrEqual(MAX_OBJECTS_BYTES);
    expect(JSON.parse(stored.json)[0]).toEqual({
      type: 'workItem',
      id: 'i0',
      action: 'update',
      changes: [{ field: 'description' }],
    });
    expect(storedObjects(objects.slice(0, 2))).toEqual({
      json: JSON.stringify(objects.slice(0, 2)),
      truncated: false,
    });
  });
});

describe('areaOfPath', () => {
  it('is the group API Gateway sends the path to', () => {
    expect(areaOfPath('/api/pms/acme/pmsProject/p1')).toBe('projects');
    expect(areaOfPath('/api/pms/acme/pmsProjectIssues/edit/i1')).toBe('issues');
    // An exact route wins over the issues group's {proxy+}.
    expect(areaOfPath('/api/pms/acme/pmsProjectIssues/repoBranches')).toBe('repositories');
    expect(areaOfPath('/api/pms/pmsEnterprise/acme/audit')).toBe('enterprise');
    expect(areaOfPath('/api/system/dept/e1/users/u1')).toBe('system');
    expect(areaOfPath('/elsewhere')).toBe('other');
  });

  it('names the areas the schemas list, and no others', () => {
    expect([...AUDIT_AREAS].sort()).toEqual(ENDPOINT_GROUPS.map((g) => g.name).sort());
  });
});
