// @one-pass: hostile input is refused by the routes' schemas and code, whatever the database; the
// three parts share the two passes (part 2 runs in the PGlite one).
import { fuzzRoutes } from './fuzz-routes';

fuzzRoutes(0, 3);
