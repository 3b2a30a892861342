import { describe, expect, it } from 'vitest';
import {
  PROVIDER_LABELS,
  providerOfUrl,
  REPOSITORY_PROVIDERS,
  type RepositoryProvider,
} from './repositories';

const guesses = (cases: [string, RepositoryProvider][]) =>
  cases.map(([url, provider]) => [url, providerOfUrl(url), provider]);

describe('providerOfUrl', () => {
  it('knows GitHub: github.com, its subdomains and GitHub Enterprise Cloud (*.ghe.com)', () => {
    for (const [url, got, want] of guesses([
      ['https://github.com/acme/api.git', 'github'],
      ['https://GitHub.COM/acme/api', 'github'],
      ['https://github.com:443/acme/api.git', 'github'],
      ['https://x-access-token@github.com/acme/api.git', 'github'],
      ['https://github.com./acme/api.git', 'github'],
      ['https://api.github.com/repos/acme/api', 'github'],
      ['https://acme.ghe.com/acme/api.git', 'github'],
    ]))
      expect(got, url).toBe(want);
  });

  it('knows GitLab: gitlab.com and self-managed gitlab.<domain>', () => {
    for (const [url, got, want] of guesses([
      ['https://gitlab.com/acme/group/api.git', 'gitlab'],
      ['https://gitlab.acme.example/acme/api.git', 'gitlab'],
      ['https://gitlab.com./acme/api.git', 'gitlab'],
    ]))
      expect(got, url).toBe(want);
  });

  it('knows Bitbucket: bitbucket.org and Bitbucket Data Center at bitbucket.<domain>', () => {
    for (const [url, got, want] of guesses([
      ['https://bitbucket.org/acme/api.git', 'bitbucket'],
      ['https://dana@bitbucket.org/acme/api.git', 'bitbucket'],
      ['https://bitbucket.acme.example/scm/acme/api.git', 'bitbucket'],
    ]))
      expect(got, url).toBe(want);
  });

  it('knows Gitea and Forgejo: codeberg.org, gitea.<domain>, forgejo.<domain>', () => {
    for (const [url, got, want] of guesses([
      ['https://codeberg.org/acme/api.git', 'gitea'],
      ['https://gitea.com/acme/api.git', 'gitea'],
      ['https://gitea.acme.example/acme/api.git', 'gitea'],
      ['https://forgejo.acme.example/acme/api.git', 'gitea'],
    ]))
      expect(got, url).toBe(want);
  });

  it('knows AWS CodeCommit in every region, China and FIPS endpoints included', () => {
    for (const [url, got, want] of guesses([
      ['https://git-codecommit.us-east-1.amazonaws.com/v1/repos/api', 'codecommit'],
      ['https://git-codecommit.eu-central-1.amazonaws.com/v1/repos/api', 'codecommit'],
      ['https://git-codecommit.cn-north-1.amazonaws.com.cn/v1/repos/api', 'codecommit'],
      ['https://git-codecommit-fips.us-gov-west-1.amazonaws.com/v1/repos/api', 'codecommit'],
    ]))
      expect(got, url).toBe(want);
  });

  it('is plain git for any other host, and for addresses it cannot read', () => {
    for (const [url, got, want] of guesses([
      ['https://git.acme.example/acme/api.git', 'git'],
      ['https://code.acme.example:8443/scm/api.git', 'git'],
      ['http://127.0.0.1:9418/api.git', 'git'],
      ['https://[2001:db8::1]/api.git', 'git'],
      ['not a url', 'git'],
      ['', 'git'],
      ['git@github.com:acme/api.git', 'git'],
    ]))
      expect(got, url).toBe(want);
  });

  it('is not fooled by a known name inside another host', () => {
    for (const [url, got, want] of guesses([
      // The known host as a label of someone else's domain.
      ['https://github.com.evil.example/acme/api.git', 'git'],
      ['https://gitlab.com.evil.example/acme/api.git', 'git'],
      ['https://gitea.com.evil.example/acme/api.git', 'git'],
      ['https://bitbucket.org.evil.example/acme/api.git', 'git'],
      ['https://codeberg.org.evil.example/acme/api.git', 'git'],
      ['https://git-codecommit.us-east-1.amazonaws.com.evil.example/v1/repos/api', 'git'],
      // The known name glued to another.
      ['https://evilgithub.com/acme/api.git', 'git'],
      ['https://notgitlab.com/acme/api.git', 'git'],
      ['https://mybitbucket.org/acme/api.git', 'git'],
      ['https://github.co/acme/api.git', 'git'],
      ['https://acme.ghe.com.evil.example/acme/api.git', 'git'],
      ['https://git-codecommit.us-east-1.amazonaws.co/v1/repos/api', 'git'],
      // The known name only in the path, the user name or the query.
      ['https://evil.example/github.com/acme/api.git', 'git'],
      ['https://github.com@evil.example/acme/api.git', 'git'],
      ['https://evil.example/api.git?host=github.com', 'git'],
    ]))
      expect(got, url).toBe(want);
  });

  it('answers only providers the product has a label for', () => {
    for (const url of ['https://github.com/a/b', 'https://gitlab.com/a/b', 'https://x.example/a/b']) {
      const provider = providerOfUrl(url);
      expect(REPOSITORY_PROVIDERS).toContain(provider);
      expect(PROVIDER_LABELS[provider]).toBeTruthy();
    }
  });
});
