/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ip, tcp and udp providers' arguments, as Oracle's DTrace for Linux
 * documents them: pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t, ipv4info_t,
 * ipv6info_t, tcpinfo_t, tcpsinfo_t, tcplsinfo_t, udpinfo_t and
 * udpsinfo_t. The probes are the kernel's net and sock trace events
 * (user/probes/dt_stable.c); a packet's translators take the address of
 * its IP header (H) or of its sk_buff (S) and read the headers through
 * the module's nofault loads. Loaded when a script names ip, tcp or udp.
 */
#pragma D depends_on provider ip
#pragma D depends_on provider tcp
#pragma D depends_on provider udp

/* tcps_state: Linux's numbers, which Oracle's tcp.d also uses */
inline int32_t TCP_STATE_IDLE = 0;
inline int32_t TCP_STATE_ESTABLISHED = 1;
inline int32_t TCP_STATE_SYN_SENT = 2;
inline int32_t TCP_STATE_SYN_RECEIVED = 3;
inline int32_t TCP_STATE_FIN_WAIT_1 = 4;
inline int32_t TCP_STATE_FIN_WAIT_2 = 5;
inline int32_t TCP_STATE_TIME_WAIT = 6;
inline int32_t TCP_STATE_CLOSED = 7;
inline int32_t TCP_STATE_CLOSE_WAIT = 8;
inline int32_t TCP_STATE_LAST_ACK = 9;
inline int32_t TCP_STATE_LISTEN = 10;
inline int32_t TCP_STATE_CLOSING = 11;

/* a state's name, as the DTrace guides print it: "state-established" */
inline string tcp_state_string[int32_t state] =
    state == TCP_STATE_CLOSED ? "state-closed" :
    state == TCP_STATE_IDLE ? "state-idle" :
    state == TCP_STATE_LISTEN ? "state-listen" :
    state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
    state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
    state == TCP_STATE_ESTABLISHED ? "state-established" :
    state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
    state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
    state == TCP_STATE_CLOSING ? "state-closing" :
    state == TCP_STATE_LAST_ACK ? "state-last-ack" :
    state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
    state == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

inline uint8_t TH_FIN = 0x01;
inline uint8_t TH_SYN = 0x02;
inline uint8_t TH_RST = 0x04;
inline uint8_t TH_PUSH = 0x08;
inline uint8_t TH_ACK = 0x10;
inline uint8_t TH_URG = 0x20;

struct pktinfo {
	uintptr_t pkt_addr;	/* the sk_buff */
};
typedef struct pktinfo pktinfo_t;

translator pktinfo_t < uintptr_t S > {
	pkt_addr = S;
};

struct csinfo {
	uintptr_t cs_addr;	/* the socket, 0: none */
	uint64_t cs_cid;	/* the same */
	pid_t	cs_pid;		/* 0: not known on Linux */
	int	cs_zoneid;	/* 0: Linux has no zones */
};
typedef struct csinfo csinfo_t;

translator csinfo_t < uintptr_t S > {
	cs_addr = (uintptr_t)((struct sk_buff *)S)->sk;
	cs_cid = (uint64_t)((struct sk_buff *)S)->sk;
	cs_pid = 0;
	cs_zoneid = 0;
};

struct ipinfo {
	uint8_t	ip_ver;		/* 4 or 6 */
	uint32_t ip_plength;	/* the payload's length */
	char	ip_saddr[64];
	char	ip_daddr[64];
};
typedef struct ipinfo ipinfo_t;

translator ipinfo_t < uintptr_t H > {
	ip_ver = *(uint8_t *)H >> 4;
	ip_plength = (*(uint8_t *)H >> 4) == 4 ?
	    ntohs(*(uint16_t *)(H + 2)) - (*(uint8_t *)H & 0xf) * 4 :
	    ntohs(*(uint16_t *)(H + 4));
	ip_saddr = (*(uint8_t *)H >> 4) == 4 ? inet_ntoa(H + 12) :
	    inet_ntoa6(H + 8);
	ip_daddr = (*(uint8_t *)H >> 4) == 4 ? inet_ntoa(H + 16) :
	    inet_ntoa6(H + 24);
};

struct ifinfo {
	char	if_name[64];	/* the device: lo, eth0 */
	int8_t	if_local;	/* 1: the loopback device */
	int	if_ipstack;	/* 0 */
	uintptr_t if_addr;	/* its net_device */
};
typedef struct ifinfo ifinfo_t;

translator ifinfo_t < uintptr_t S > {
	if_name = stringof(((struct sk_buff *)S)->dev->name);
	if_local = (((struct sk_buff *)S)->dev->flags & 0x8) != 0;
	if_ipstack = 0;
	if_addr = (uintptr_t)((struct sk_buff *)S)->dev;
};

/* An IPv6 packet's ipv4info_t has ipv4_ver 6 and no other meaning. */
struct ipv4info {
	uint8_t	ipv4_ver;
	uint8_t	ipv4_ihl;	/* bytes */
	uint8_t	ipv4_tos;
	uint16_t ipv4_length;
	uint16_t ipv4_ident;
	uint8_t	ipv4_flags;
	uint16_t ipv4_offset;
	uint8_t	ipv4_ttl;
	uint8_t	ipv4_protocol;
	char	ipv4_protostr[64];
	uint16_t ipv4_checksum;
	char	ipv4_saddr[64];
	char	ipv4_daddr[64];
	uintptr_t ipv4_hdr;
};
typedef struct ipv4info ipv4info_t;

translator ipv4info_t < uintptr_t H > {
	ipv4_ver = *(uint8_t *)H >> 4;
	ipv4_ihl = (*(uint8_t *)H & 0xf) * 4;
	ipv4_tos = *(uint8_t *)(H + 1);
	ipv4_length = ntohs(*(uint16_t *)(H + 2));
	ipv4_ident = ntohs(*(uint16_t *)(H + 4));
	ipv4_flags = ntohs(*(uint16_t *)(H + 6)) >> 13;
	ipv4_offset = ntohs(*(uint16_t *)(H + 6)) & 0x1fff;
	ipv4_ttl = *(uint8_t *)(H + 8);
	ipv4_protocol = *(uint8_t *)(H + 9);
	ipv4_protostr = *(uint8_t *)(H + 9) == 6 ? "TCP" :
	    *(uint8_t *)(H + 9) == 17 ? "UDP" :
	    *(uint8_t *)(H + 9) == 1 ? "ICMP" : "<unknown>";
	ipv4_checksum = ntohs(*(uint16_t *)(H + 10));
	ipv4_saddr = inet_ntoa(H + 12);
	ipv4_daddr = inet_ntoa(H + 16);
	ipv4_hdr = H;
};

/* An IPv4 packet's ipv6info_t has ipv6_ver 4 and no other meaning. */
struct ipv6info {
	uint8_t	ipv6_ver;
	uint8_t	ipv6_tclass;
	uint32_t ipv6_flow;
	uint16_t ipv6_plen;
	uint8_t	ipv6_nexthdr;
	char	ipv6_nextstr[64];
	uint8_t	ipv6_hlim;
	char	ipv6_saddr[64];
	char	ipv6_daddr[64];
	uintptr_t ipv6_hdr;
};
typedef struct ipv6info ipv6info_t;

translator ipv6info_t < uintptr_t H > {
	ipv6_ver = *(uint8_t *)H >> 4;
	ipv6_tclass = (ntohl(*(uint32_t *)H) >> 20) & 0xff;
	ipv6_flow = ntohl(*(uint32_t *)H) & 0xfffff;
	ipv6_plen = ntohs(*(uint16_t *)(H + 4));
	ipv6_nexthdr = *(uint8_t *)(H + 6);
	ipv6_nextstr = *(uint8_t *)(H + 6) == 6 ? "TCP" :
	    *(uint8_t *)(H + 6) == 17 ? "UDP" :
	    *(uint8_t *)(H + 6) == 58 ? "ICMPV6" : "<unknown>";
	ipv6_hlim = *(uint8_t *)(H + 7);
	ipv6_saddr = inet_ntoa6(H + 8);
	ipv6_daddr = inet_ntoa6(H + 24);
	ipv6_hdr = H;
};

/*
 * The transport header follows the IP header: IPv4's length is in it,
 * IPv6's is 40 bytes (extension headers are not walked).
 */
struct tcpinfo {
	uint16_t tcp_sport;
	uint16_t tcp_dport;
	uint32_t tcp_seq;
	uint32_t tcp_ack;
	uint8_t	tcp_offset;	/* the header's length in bytes */
	uint8_t	tcp_flags;	/* TH_SYN, TH_ACK, ... */
	uint16_t tcp_window;
	uint16_t tcp_checksum;
	uint16_t tcp_urgent;
	uintptr_t tcp_hdr;
};
typedef struct tcpinfo tcpinfo_t;

translator tcpinfo_t < uintptr_t H > {
	tcp_hdr = H + ((*(uint8_t *)H >> 4) == 4 ? (*(uint8_t *)H & 0xf) * 4 :
	    40);
	tcp_sport = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40)));
	tcp_dport = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 2));
	tcp_seq = ntohl(*(uint32_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 4));
	tcp_ack = ntohl(*(uint32_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 8));
	tcp_offset = (*(uint8_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 12) >> 4) * 4;
	tcp_flags = *(uint8_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 13);
	tcp_window = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 14));
	tcp_checksum = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 16));
	tcp_urgent = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 18));
};

struct udpinfo {
	uint16_t udp_sport;
	uint16_t udp_dport;
	uint16_t udp_length;
	uint16_t udp_checksum;
	uintptr_t udp_hdr;
};
typedef struct udpinfo udpinfo_t;

translator udpinfo_t < uintptr_t H > {
	udp_hdr = H + ((*(uint8_t *)H >> 4) == 4 ? (*(uint8_t *)H & 0xf) * 4 :
	    40);
	udp_sport = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40)));
	udp_dport = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 2));
	udp_length = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 4));
	udp_checksum = ntohs(*(uint16_t *)(H + ((*(uint8_t *)H >> 4) == 4 ?
	    (*(uint8_t *)H & 0xf) * 4 : 40) + 6));
};

/*
 * tcpsinfo_t at tcp:::send (the local end is the source) and tcp:::receive
 * (the destination), from the packet's headers; the packet probes know
 * no state (tcps_state -1). At state-change and the connect and accept
 * probes it is the socket's, from sock:inet_sock_set_state's record.
 */
struct tcpsinfo {
	uintptr_t tcps_addr;
	int	tcps_local;	/* 1: both ends are this machine's */
	int	tcps_active;	/* 1: the connection was opened here */
	uint16_t tcps_lport;
	uint16_t tcps_rport;
	char	tcps_laddr[64];
	char	tcps_raddr[64];
	int32_t	tcps_state;	/* TCP_STATE_*, -1: not known */
};
typedef struct tcpsinfo tcpsinfo_t;

translator tcpsinfo_t < uintptr_t H > {
	tcps_addr = 0;
	tcps_local = -1;
	tcps_active = -1;
	tcps_lport = xlate<tcpinfo_t *>(H)->tcp_sport;
	tcps_rport = xlate<tcpinfo_t *>(H)->tcp_dport;
	tcps_laddr = xlate<ipinfo_t *>(H)->ip_saddr;
	tcps_raddr = xlate<ipinfo_t *>(H)->ip_daddr;
	tcps_state = -1;
};

struct __tcpsinfo_recv {
	uintptr_t tcps_addr;
	int	tcps_local;
	int	tcps_active;
	uint16_t tcps_lport;
	uint16_t tcps_rport;
	char	tcps_laddr[64];
	char	tcps_raddr[64];
	int32_t	tcps_state;
};

translator struct __tcpsinfo_recv < uintptr_t H > {
	tcps_addr = 0;
	tcps_local = -1;
	tcps_active = -1;
	tcps_lport = xlate<tcpinfo_t *>(H)->tcp_dport;
	tcps_rport = xlate<tcpinfo_t *>(H)->tcp_sport;
	tcps_laddr = xlate<ipinfo_t *>(H)->ip_daddr;
	tcps_raddr = xlate<ipinfo_t *>(H)->ip_saddr;
	tcps_state = -1;
};

struct __tcpsinfo_sock {
	uintptr_t tcps_addr;
	int	tcps_local;
	int	tcps_active;
	uint16_t tcps_lport;
	uint16_t tcps_rport;
	char	tcps_laddr[64];
	char	tcps_raddr[64];
	int32_t	tcps_state;
};

translator struct __tcpsinfo_sock < void *R > {
	tcps_addr = (uintptr_t)R->skaddr;
	tcps_local = -1;
	tcps_active = -1;
	tcps_lport = R->sport;
	tcps_rport = R->dport;
	tcps_laddr = R->family == 2 ? inet_ntoa(&R->saddr) :
	    inet_ntoa6(&R->saddr_v6);
	tcps_raddr = R->family == 2 ? inet_ntoa(&R->daddr) :
	    inet_ntoa6(&R->daddr_v6);
	tcps_state = R->newstate;
};

struct tcplsinfo {
	int32_t	tcps_state;	/* the state before */
};
typedef struct tcplsinfo tcplsinfo_t;

translator tcplsinfo_t < void *R > {
	tcps_state = R->oldstate;
};

/* udpsinfo_t: the local and remote ends, from the packet's headers */
struct udpsinfo {
	uintptr_t udps_addr;
	uint16_t udps_lport;
	uint16_t udps_rport;
	char	udps_laddr[64];
	char	udps_raddr[64];
};
typedef struct udpsinfo udpsinfo_t;

translator udpsinfo_t < uintptr_t H > {
	udps_addr = 0;
	udps_lport = xlate<udpinfo_t *>(H)->udp_sport;
	udps_rport = xlate<udpinfo_t *>(H)->udp_dport;
	udps_laddr = xlate<ipinfo_t *>(H)->ip_saddr;
	udps_raddr = xlate<ipinfo_t *>(H)->ip_daddr;
};

struct __udpsinfo_recv {
	uintptr_t udps_addr;
	uint16_t udps_lport;
	uint16_t udps_rport;
	char	udps_laddr[64];
	char	udps_raddr[64];
};

translator struct __udpsinfo_recv < uintptr_t H > {
	udps_addr = 0;
	udps_lport = xlate<udpinfo_t *>(H)->udp_dport;
	udps_rport = xlate<udpinfo_t *>(H)->udp_sport;
	udps_laddr = xlate<ipinfo_t *>(H)->ip_daddr;
	udps_raddr = xlate<ipinfo_t *>(H)->ip_saddr;
};
