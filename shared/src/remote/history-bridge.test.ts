import { installHistoryBridge } from './history-bridge';

describe('installHistoryBridge', () => {
  it('should dispatch popstate when pushState or replaceState change the URL, once installed', () => {
    const heard: string[] = [];
    const listener = () => heard.push(window.location.pathname);
    window.addEventListener('popstate', listener);
    window.history.pushState(null, '', '/before');
    expect(heard).toEqual([]);

    installHistoryBridge();
    installHistoryBridge(); // a second call must not patch twice
    window.history.pushState(null, '', '/advices');
    window.history.replaceState(null, '', '/news-items');
    window.history.replaceState(null, '', '/news-items'); // same URL: nothing to follow
    expect(heard).toEqual(['/advices', '/news-items']);
    window.removeEventListener('popstate', listener);
  });
});
