import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GROUP_MESSAGES, IMAGE_FILE_FIELD } from '@hub/shared/api';
import { DB_KIND } from '../../test-support/helper';
import { signedInApp } from '../../test-support/signed-in-app';

const ADMIN = 'admin@demo.test';

/** A multipart body by hand: the text fields, then one file part. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; content: Buffer }) {
  const boundary = '----field-errors-test';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${IMAGE_FILE_FIELD}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(parts.join('') + head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe(`field errors as data (${DB_KIND})`, () => {
  const hub = signedInApp();
  const { call } = hub;

  test('should refuse a query number written as 1e309 (Infinity to the schemas) naming its field, on every database', async () => {
    const answer = await call(ADMIN, 'GET', '/api/admin/users/1/advices-with-sources?page=1e309');
    assert.equal(answer.statusCode, 400);
    assert.deepEqual(answer.json().errors, [{ field: 'page', message: 'must be a finite number' }]);
    const pageSize = await call(ADMIN, 'GET', '/api/admin/audit?page_size=1e309');
    assert.equal(pageSize.statusCode, 400);
    assert.equal(pageSize.json().errors[0].field, 'page_size');
  });

  test('should answer a schema refusal with the field and its message as data, beside the message', async () => {
    const missing = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { color: '#123456' } });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), {
      statusCode: 400,
      error: 'Bad Request',
      message: 'name: This field is required',
      errors: [{ field: 'name', message: 'This field is required' }],
    });
    const colour = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { name: 'x', color: 'red' } });
    assert.deepEqual(colour.json().errors, [{ field: 'color', message: 'Please enter a colour as #rrggbb' }]);
    const long = await call(ADMIN, 'POST', '/api/admin/categories', { payload: { name: 'x'.repeat(300) } });
    assert.equal(long.statusCode, 400);
    assert.equal(long.json().errors.length, 1);
    assert.equal(long.json().errors[0].field, 'name');
    assert.match(long.json().errors[0].message, /^Invalid length, maximum length is \d+$/);
    assert.equal(long.json().message, `name: ${long.json().errors[0].message}`);
  });

  test('should name the field of a refusal the code decides, a 409 included, keeping its message', async () => {
    const first = await call(ADMIN, 'POST', '/api/admin/groups', { payload: { name: 'Field errors', pbi_group_name: 'FE-1' } });
    assert.equal(first.statusCode, 201, first.body);
    const taken = await call(ADMIN, 'POST', '/api/admin/groups', { payload: { name: 'Field errors', pbi_group_name: 'FE-2' } });
    assert.equal(taken.statusCode, 409);
    assert.deepEqual(taken.json(), {
      statusCode: 409,
      error: 'Conflict',
      message: GROUP_MESSAGES.nameTaken,
      errors: [{ field: 'name', message: GROUP_MESSAGES.nameTaken }],
    });
  });

  test('should name the file of an upload that is not an image', async () => {
    const upload = multipart(
      { category: 'banner', name: 'notes' },
      { name: 'notes.png', type: 'image/png', content: Buffer.from('not an image at all') },
    );
    const refused = await call(ADMIN, 'POST', '/api/admin/images', upload);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(refused.json().errors, [{ field: IMAGE_FILE_FIELD, message: refused.json().message }]);
  });

  test('should send no errors list when no field is at fault', async () => {
    const missing = await call(ADMIN, 'GET', '/api/admin/news-items/987654');
    assert.equal(missing.statusCode, 404);
    assert.equal('errors' in missing.json(), false);
  });

  test('should document the errors list in the OpenAPI schema of the error answers', async () => {
    const spec = hub.app.swagger() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const refusal = JSON.stringify(
      spec.paths['/api/admin/categories/']?.post?.responses?.['400'] ?? spec.paths['/api/admin/categories']?.post?.responses?.['400'],
    );
    assert.match(refusal, /"errors"/);
    assert.match(refusal, /"field"/);
  });
});
