// One page shell for every address: the server answers unknown paths with it,
// and the socket, tokens and wake lock all live in the browser.
export const ssr = false;
export const prerender = false;
