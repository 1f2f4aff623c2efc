// @one-pass(pglite): hostile input is refused by the routes' schemas and code, whatever the
// database; the three parts share the two passes (parts 1 and 3 run in the PostgreSQL one).
import { fuzzRoutes } from './fuzz-routes';

fuzzRoutes(1, 3);
