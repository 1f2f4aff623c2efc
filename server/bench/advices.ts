// The lists' benchmark is bench/api.ts (advices, news items, dashboards); this name stays for `npm run bench`.
import './api';
