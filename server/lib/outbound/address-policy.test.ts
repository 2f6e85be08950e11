import { describe, expect, test } from 'vitest';
import { forbiddenAddressReason } from './address-policy';

describe('which addresses webhooks may reach', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.0.0.1', 'a private network address'],
    ['172.16.5.4', 'a private network address'],
    ['192.168.1.1', 'a private network address'],
    ['169.254.169.254', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['224.0.0.1', 'a multicast address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['192.0.2.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fd00:ec2::254', 'a private network address (IPv6 unique local)'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a reserved address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['::ffff:a9fe:a9fe', 'an IPv4-mapped form of 169.254.169.254, a link-local address'],
    ['64:ff9b::a00:1', 'a NAT64 form of 10.0.0.1, a private network address'],
    ['::7f00:1', 'a reserved address'],
    ['2002:7f00:1::', 'a reserved address'],
    ['1.2.3', 'not an IP address'],
    ['example.com', 'not an IP address'],
  ])('%s is refused as %s', (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  test.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(forbiddenAddressReason(address)).toBeNull();
    },
  );
});
