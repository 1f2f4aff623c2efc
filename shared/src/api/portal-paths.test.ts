import { matchPath } from 'react-router-dom';
import { PORTAL_PATH_CASES } from '../test-support/portal-path-cases';
import { consoleDetailsPath } from './portal-paths';

describe('portal paths', () => {
  it.each(PORTAL_PATH_CASES.map((each) => [each.name, each] as const))('%s: the path fits its remote’s route', (_name, each) => {
    const match = matchPath({ path: each.route, end: true }, each.path);
    expect(match).not.toBeNull();
    expect({ ...match!.params }).toEqual(each.params);
  });

  it('an admin details path without an id is the console’s create page', () => {
    expect(consoleDetailsPath('/admin/groups')).toBe('/admin/groups/details');
    expect(consoleDetailsPath('/admin/groups', null)).toBe('/admin/groups/details');
    expect(matchPath({ path: '/admin/groups/details/:id?', end: true }, consoleDetailsPath('/admin/groups'))?.params.id).toBeUndefined();
  });
});
