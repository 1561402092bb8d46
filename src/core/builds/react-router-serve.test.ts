import { describe, expect, it } from 'vitest';
import { buildAdaptations } from './build-adaptations.ts';
import { reactRouterServePackage } from './react-router-serve.ts';

const config = (content: string) => [{ name: 'react-router.config.ts', content }];
/** What a model's answer may declare: the router and its build tool, no server. */
const routerOnly = {
  'react-router': '^7.16.0',
  '@react-router/node': '^7.16.0',
  '@react-router/dev': '^7.16.0',
};

describe('the serve package of a React Router or Remix server build (issue 37)', () => {
  it("adds @react-router/serve at the router's range when the project lacks it", () => {
    expect(reactRouterServePackage(config('export default { ssr: true }'), routerOnly)).toEqual({
      name: '@react-router/serve',
      range: '^7.16.0',
    });
    // Without a config file React Router renders on the server (ssr defaults to true).
    expect(reactRouterServePackage([], { '@react-router/dev': '7.18.2' })).toEqual({
      name: '@react-router/serve',
      range: '7.18.2',
    });
    const adapted = buildAdaptations([], new Set(Object.keys(routerOnly)), routerOnly);
    expect(adapted.devDependencies).toEqual({ '@react-router/serve': '^7.16.0' });
  });

  it("adds @remix-run/serve at Remix's range", () => {
    const remix = {
      '@remix-run/node': '^2.17.0',
      '@remix-run/react': '^2.17.0',
      '@remix-run/dev': '^2.17.0',
    };
    expect(reactRouterServePackage([], remix)).toEqual({ name: '@remix-run/serve', range: '^2.17.0' });
  });

  it('adds nothing when the project declares it, builds a static site (ssr: false) or is no such project', () => {
    expect(reactRouterServePackage([], { ...routerOnly, '@react-router/serve': '^7.16.0' })).toBeNull();
    expect(reactRouterServePackage(config('export default {\n  ssr:false,\n}'), routerOnly)).toBeNull();
    const remixSpa = [{ name: 'vite.config.ts', content: 'plugins: [remix({ unstable_ssr: false })]' }];
    expect(reactRouterServePackage(remixSpa, { '@remix-run/dev': '^2.5.0' })).toBeNull();
    // create-react-router's comment names `false` but its setting is true.
    const template = config(
      '// Server-side render by default, to enable SPA mode set this to `false`\n  ssr: true,',
    );
    expect(reactRouterServePackage(template, routerOnly)?.name).toBe('@react-router/serve');
    expect(reactRouterServePackage([], { react: '^19.0.0', 'react-router': '^7.16.0' })).toBeNull();
  });
});
