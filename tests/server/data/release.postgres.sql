--
-- PostgreSQL database dump
--

\restrict gpzZ9Tveygf3DSvZSKgBeYevI01cM2ZaEiazmxHRvAzBdZDnUENccten1I9kFHx

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: roost_actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_actions (
    table_id character varying(16) NOT NULL,
    version integer NOT NULL,
    action integer NOT NULL,
    seat integer,
    by character varying(8) NOT NULL,
    at double precision NOT NULL
);


--
-- Name: roost_alembic_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: roost_chat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_chat (
    id integer NOT NULL,
    table_id character varying(16) NOT NULL,
    room character varying(16) NOT NULL,
    seat integer,
    name character varying(64) NOT NULL,
    text character varying(1000) NOT NULL,
    version integer NOT NULL,
    at double precision NOT NULL
);


--
-- Name: roost_chat_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.roost_chat_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: roost_chat_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.roost_chat_id_seq OWNED BY public.roost_chat.id;


--
-- Name: roost_notes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_notes (
    id integer NOT NULL,
    table_id character varying(16) NOT NULL,
    version integer NOT NULL,
    seat integer,
    text character varying(200) NOT NULL,
    at double precision NOT NULL
);


--
-- Name: roost_notes_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.roost_notes_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: roost_notes_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.roost_notes_id_seq OWNED BY public.roost_notes.id;


--
-- Name: roost_seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_seats (
    table_id character varying(16) NOT NULL,
    seat integer NOT NULL,
    type character varying(8) NOT NULL,
    name character varying(64),
    level character varying(8),
    token_hash character varying(64),
    away boolean NOT NULL,
    arrived boolean DEFAULT true NOT NULL,
    always_ask boolean DEFAULT false NOT NULL
);


--
-- Name: roost_tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.roost_tables (
    id character varying(16) NOT NULL,
    game character varying(64) NOT NULL,
    params json NOT NULL,
    seed bigint NOT NULL,
    status character varying(16) NOT NULL,
    version integer NOT NULL,
    clock integer,
    creator character varying(64) NOT NULL,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    rematch character varying(16),
    rematch_of character varying(16),
    result json,
    create_key character varying(64),
    creator_seat integer,
    spectator_chat boolean DEFAULT true NOT NULL
);


--
-- Name: roost_chat id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_chat ALTER COLUMN id SET DEFAULT nextval('public.roost_chat_id_seq'::regclass);


--
-- Name: roost_notes id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_notes ALTER COLUMN id SET DEFAULT nextval('public.roost_notes_id_seq'::regclass);


--
-- Data for Name: roost_actions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_actions (table_id, version, action, seat, by, at) FROM stdin;
aDZw98pT	0	8	\N	chance	1796196841.5791204
aDZw98pT	1	1	\N	chance	1796196841.5791204
aDZw98pT	2	9	\N	chance	1796196841.5791204
aDZw98pT	3	9	\N	chance	1796196841.5791204
aDZw98pT	4	1	\N	chance	1796196841.5791204
aDZw98pT	5	8	\N	chance	1796196841.5791204
aDZw98pT	6	29	0	person	1796196841.6016076
aDZw98pT	7	6	\N	chance	1796196841.6016076
aDZw98pT	8	22	1	bot	1796196841.6048653
aDZw98pT	9	5	\N	chance	1796196841.6048653
aDZw98pT	10	6	0	person	1796196841.607522
aDZw98pT	11	2	\N	chance	1796196841.607522
aDZw98pT	12	1676	1	bot	1796196841.609654
aDZw98pT	13	1682	0	person	1796196841.6119535
aDZw98pT	14	206	1	bot	1796196841.6175828
aDZw98pT	15	9	0	person	1796196841.6199782
aDZw98pT	16	7	\N	chance	1796196841.6199782
aDZw98pT	17	5	1	bot	1796196841.622
aDZw98pT	18	1	\N	chance	1796196841.622
aDZw98pT	19	22	0	person	1796196841.6239824
aDZw98pT	20	8	\N	chance	1796196841.6239824
aDZw98pT	21	459	1	bot	1796196841.6258707
aDZw98pT	22	171	0	person	1796196841.6278198
aDZw98pT	23	1	1	bot	1796196841.629387
aDZw98pT	24	3	\N	chance	1796196841.629387
aDZw98pT	25	460	0	person	1796196841.631194
aDZw98pT	26	1683	1	bot	1796196841.6326222
aDZw98pT	27	2	0	person	1796196841.6342142
aDZw98pT	28	1	\N	chance	1796196841.6342142
aDZw98pT	29	212	1	bot	1796196841.6357636
mXZRkfOy	0	6	\N	chance	1796196841.648658
mXZRkfOy	1	5	\N	chance	1796196841.648658
mXZRkfOy	2	8	\N	chance	1796196841.648658
mXZRkfOy	3	9	\N	chance	1796196841.648658
mXZRkfOy	4	2	\N	chance	1796196841.648658
mXZRkfOy	5	9	\N	chance	1796196841.648658
mXZRkfOy	6	8	0	person	1796196841.6613684
mXZRkfOy	7	4	\N	chance	1796196841.6613684
mXZRkfOy	8	165	1	bot	1796196841.6640851
mXZRkfOy	9	2	0	person	1796196841.6661706
mXZRkfOy	10	3	\N	chance	1796196841.6661706
mXZRkfOy	11	1682	1	bot	1796196841.667865
\.


--
-- Data for Name: roost_alembic_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_alembic_version (version_num) FROM stdin;
0003
\.


--
-- Data for Name: roost_chat; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_chat (id, table_id, room, seat, name, text, version, at) FROM stdin;
1	aDZw98pT	players	0	Ana	Nice lay	14	1796196841.615541
\.


--
-- Data for Name: roost_notes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_notes (id, table_id, version, seat, text, at) FROM stdin;
\.


--
-- Data for Name: roost_seats; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_seats (table_id, seat, type, name, level, token_hash, away, arrived, always_ask) FROM stdin;
aDZw98pT	1	bot	\N	easy	\N	f	f	f
aDZw98pT	0	person	Ana	\N	528ebd393c5bb1138004888d802936bade43c176fde73034678d4b2b952b4446	f	t	f
mXZRkfOy	1	bot	\N	easy	\N	f	f	f
mXZRkfOy	0	person	Bo	\N	87b7f5a494ffca4b486bd018b67da6f41a858a7dc9abbe24d68781cc35410419	f	t	f
5OYACGsY	0	person	Cy	\N	200ca6c1bc3f5bbf77baa2e96518efa2a4b004704d17d95dab15472b8db8ec20	f	f	f
5OYACGsY	1	open	\N	\N	\N	f	f	f
\.


--
-- Data for Name: roost_tables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.roost_tables (id, game, params, seed, status, version, clock, creator, created_at, updated_at, rematch, rematch_of, result, create_key, creator_seat, spectator_chat) FROM stdin;
aDZw98pT	manda-huevos	{"players": 2, "egg_values": "1-9x6", "quick": true, "memory": false, "final_draw": false}	3142698419833120741	over	30	\N	testclient	1796196841.5572019	1796196841.6357636	\N	\N	{"returns": [0.0, 1.0], "winners": [1]}	\N	0	t
mXZRkfOy	manda-huevos	{"players": 2, "egg_values": "1-9x6", "quick": true, "memory": false, "final_draw": false}	595304728513758657	playing	12	\N	testclient	1796196841.6444173	1796196841.667865	\N	\N	null	\N	0	t
5OYACGsY	eggo	{"players": 2, "characters": "choose", "two_player_reverse": "no_skip"}	4098951372370034259	waiting	0	\N	testclient	1796196841.6952362	1796196841.6960723	\N	\N	null	\N	0	t
\.


--
-- Name: roost_chat_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.roost_chat_id_seq', 1, true);


--
-- Name: roost_notes_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.roost_notes_id_seq', 1, false);


--
-- Name: roost_actions roost_actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_actions
    ADD CONSTRAINT roost_actions_pkey PRIMARY KEY (table_id, version);


--
-- Name: roost_alembic_version roost_alembic_version_pkc; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_alembic_version
    ADD CONSTRAINT roost_alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: roost_chat roost_chat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_chat
    ADD CONSTRAINT roost_chat_pkey PRIMARY KEY (id);


--
-- Name: roost_notes roost_notes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_notes
    ADD CONSTRAINT roost_notes_pkey PRIMARY KEY (id);


--
-- Name: roost_seats roost_seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_seats
    ADD CONSTRAINT roost_seats_pkey PRIMARY KEY (table_id, seat);


--
-- Name: roost_tables roost_tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_tables
    ADD CONSTRAINT roost_tables_pkey PRIMARY KEY (id);


--
-- Name: ix_roost_chat_table_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_roost_chat_table_id ON public.roost_chat USING btree (table_id);


--
-- Name: ix_roost_notes_table_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_roost_notes_table_id ON public.roost_notes USING btree (table_id);


--
-- Name: ix_roost_tables_create_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX ix_roost_tables_create_key ON public.roost_tables USING btree (create_key);


--
-- Name: ix_roost_tables_creator; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_roost_tables_creator ON public.roost_tables USING btree (creator);


--
-- Name: ix_roost_tables_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ix_roost_tables_status ON public.roost_tables USING btree (status);


--
-- Name: roost_actions roost_actions_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_actions
    ADD CONSTRAINT roost_actions_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.roost_tables(id) ON DELETE CASCADE;


--
-- Name: roost_chat roost_chat_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_chat
    ADD CONSTRAINT roost_chat_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.roost_tables(id) ON DELETE CASCADE;


--
-- Name: roost_notes roost_notes_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_notes
    ADD CONSTRAINT roost_notes_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.roost_tables(id) ON DELETE CASCADE;


--
-- Name: roost_seats roost_seats_table_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.roost_seats
    ADD CONSTRAINT roost_seats_table_id_fkey FOREIGN KEY (table_id) REFERENCES public.roost_tables(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict gpzZ9Tveygf3DSvZSKgBeYevI01cM2ZaEiazmxHRvAzBdZDnUENccten1I9kFHx

