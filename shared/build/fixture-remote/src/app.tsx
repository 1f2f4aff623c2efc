// The fixture remote's ./app: just enough React for the shared singletons to be used.
import { createElement } from 'react';

export const element = createElement('p', null, 'fixture');
