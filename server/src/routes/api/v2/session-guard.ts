import { AUDIENCES } from '../../../plugins/app/auth/access-tokens';
import { sessionGuard } from '../session-guard';

/** The file-exchange API's guard: the same rules, but only its own tokens (aud files-api). */
export default sessionGuard(AUDIENCES.files);
