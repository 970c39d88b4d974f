--
-- PostgreSQL database dump
--

\restrict hT95yiGUBRMWRrmV6bwREl4mERnfPTAueWrrtgycOeHgykDxh28jZZubpdh5c0z

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

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA public;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: auralyst_journals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auralyst_journals (
    id text NOT NULL,
    owner_id text NOT NULL,
    title text NOT NULL,
    time_zone text NOT NULL,
    symptoms text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: auralyst_records; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.auralyst_records (
    id text NOT NULL,
    journal_id text NOT NULL,
    kind text NOT NULL,
    author_id text NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    entry_id text,
    medication_id text,
    body text NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: event_counter; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event_counter (
    id boolean DEFAULT true NOT NULL,
    value bigint NOT NULL,
    CONSTRAINT event_counter_id_check CHECK (id)
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    seq bigint NOT NULL,
    type text NOT NULL,
    audience_user text,
    res_app text,
    res_kind text,
    res_id text,
    payload text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT events_check CHECK (((audience_user IS NULL) <> (res_app IS NULL)))
);


--
-- Name: jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.jobs (
    id text NOT NULL,
    queue text NOT NULL,
    payload text NOT NULL,
    status text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    max_attempts integer NOT NULL,
    run_at timestamp with time zone NOT NULL,
    lease_until timestamp with time zone,
    completion_token text,
    last_error text,
    idempotency_key text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: onpu_clocks; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.onpu_clocks (
    owner_id text NOT NULL,
    latest bigint NOT NULL
);


--
-- Name: onpu_jobs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.onpu_jobs (
    id text NOT NULL,
    owner_id text NOT NULL,
    title text NOT NULL,
    artist text NOT NULL,
    lyrics text NOT NULL,
    status text NOT NULL,
    stage text,
    error text,
    created_at timestamp with time zone NOT NULL,
    updated_at bigint NOT NULL,
    acknowledged boolean DEFAULT false NOT NULL,
    song_id text
);


--
-- Name: onpu_songs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.onpu_songs (
    id text NOT NULL,
    owner_id text NOT NULL,
    job_id text NOT NULL,
    title text NOT NULL,
    artist text NOT NULL,
    lyrics text NOT NULL,
    favorite boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL,
    lyrics_data text NOT NULL,
    translations text NOT NULL,
    translation_state text NOT NULL
);


--
-- Name: participants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.participants (
    app text NOT NULL,
    kind text NOT NULL,
    resource_id text NOT NULL,
    user_id text NOT NULL,
    status text NOT NULL,
    permission text NOT NULL,
    invited_by text NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: redo_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.redo_keys (
    public_key text NOT NULL,
    user_id text NOT NULL,
    label text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: redo_nodes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.redo_nodes (
    id text NOT NULL,
    task_id text NOT NULL,
    json text NOT NULL,
    uploader_id text NOT NULL,
    seq bigint NOT NULL
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id text NOT NULL,
    kind text NOT NULL,
    token_hash text NOT NULL,
    csrf_token text NOT NULL,
    label text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone
);


--
-- Name: shares; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.shares (
    app text NOT NULL,
    kind text NOT NULL,
    resource_id text NOT NULL,
    owner_id text NOT NULL,
    title text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: softer_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.softer_messages (
    seq bigint NOT NULL,
    room_id text NOT NULL,
    id text NOT NULL,
    author_id text NOT NULL,
    author_name text NOT NULL,
    text text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    is_lightward boolean NOT NULL,
    is_narration boolean NOT NULL
);


--
-- Name: softer_messages_seq_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.softer_messages_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: softer_messages_seq_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.softer_messages_seq_seq OWNED BY public.softer_messages.seq;


--
-- Name: softer_payments; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.softer_payments (
    id text NOT NULL,
    room_id text NOT NULL,
    user_id text NOT NULL,
    tier integer NOT NULL,
    provider text NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: softer_rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.softer_rooms (
    id text NOT NULL,
    originator_user_id text NOT NULL,
    spec text NOT NULL,
    state_type text NOT NULL,
    defunct_reason text,
    signaled text NOT NULL,
    voice text NOT NULL,
    composing text,
    turn text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    modified_at timestamp with time zone NOT NULL
);


--
-- Name: softer_seats; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.softer_seats (
    room_id text NOT NULL,
    participant_id text NOT NULL,
    user_id text NOT NULL
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text NOT NULL,
    email text NOT NULL,
    phone text,
    display_name text NOT NULL,
    password_hash text NOT NULL,
    time_zone text NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    disabled boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: softer_messages seq; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_messages ALTER COLUMN seq SET DEFAULT nextval('public.softer_messages_seq_seq'::regclass);


--
-- Data for Name: auralyst_journals; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.auralyst_journals VALUES ('709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'Ann''s journal', 'Europe/Paris', '["Headache","Nausea","Anxiety"]', '2026-11-24 21:53:55.821+00', '2026-11-24 21:53:55.821355+00');


--
-- Data for Name: auralyst_records; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.auralyst_records VALUES ('9e656620-da91-4516-8224-576370892b5a', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', 'entry', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '2026-11-20 07:30:00+00', NULL, NULL, '{"authorID":"8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7","id":"9e656620-da91-4516-8224-576370892b5a","journalID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","note":"Slept badly","severity":6,"symptomSeverities":{"Headache":5},"timestamp":1795159800000}', '2026-11-24 21:53:55.82934+00');
INSERT INTO public.auralyst_records VALUES ('a0658179-d586-4229-bf12-baefd057f02e', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', 'medication', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '1970-01-01 00:00:00+00', NULL, NULL, '{"authorID":"8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7","defaultAmount":200,"defaultUnit":"mg","id":"a0658179-d586-4229-bf12-baefd057f02e","isAsNeeded":true,"journalID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","name":"Ibuprofen","schedules":[]}', '2026-11-24 21:53:55.837046+00');
INSERT INTO public.auralyst_records VALUES ('391b0caf-adcb-4287-906e-7cf15084f4ab', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', 'intake', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '2026-11-20 08:00:00+00', '9e656620-da91-4516-8224-576370892b5a', 'a0658179-d586-4229-bf12-baefd057f02e', '{"amount":200,"authorID":"8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7","entryID":"9e656620-da91-4516-8224-576370892b5a","id":"391b0caf-adcb-4287-906e-7cf15084f4ab","medicationID":"a0658179-d586-4229-bf12-baefd057f02e","origin":"asNeeded","timestamp":1795161600000,"unit":"mg"}', '2026-11-24 21:53:55.8465+00');
INSERT INTO public.auralyst_records VALUES ('66e5e4e0-376d-4ae8-bb84-55fe862283b5', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', 'note', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', '2026-11-24 21:53:55.875999+00', '9e656620-da91-4516-8224-576370892b5a', NULL, '{"authorID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751","authorName":"Bob","entryID":"9e656620-da91-4516-8224-576370892b5a","id":"66e5e4e0-376d-4ae8-bb84-55fe862283b5","journalID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","text":"Call me if it gets worse","timestamp":1795557235876}', '2026-11-24 21:53:55.875978+00');
INSERT INTO public.auralyst_records VALUES ('4d738f0f-ecbd-4f50-a8c9-129bc7520717', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', 'entry', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', '2026-11-24 21:53:55.882999+00', NULL, NULL, '{"authorID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751","id":"4d738f0f-ecbd-4f50-a8c9-129bc7520717","journalID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","severity":2,"symptomSeverities":{},"timestamp":1795557235883}', '2026-11-24 21:53:55.883139+00');


--
-- Data for Name: event_counter; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.event_counter VALUES (true, 32);


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.events VALUES (1, 'session.ended', '8dd4e1f4-533f-467c-984d-d2af631c9f29', NULL, NULL, NULL, '{"sessionId":"390fd0bb-3d18-45c9-baa8-b6243f2c7426"}', '2026-11-24 21:53:55.750052+00');
INSERT INTO public.events VALUES (2, 'session.ended', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"sessionId":"adc09890-0d17-4da6-927a-e82247aee5df"}', '2026-11-24 21:53:55.815834+00');
INSERT INTO public.events VALUES (3, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"journal"}', '2026-11-24 21:53:55.821355+00');
INSERT INTO public.events VALUES (4, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"9e656620-da91-4516-8224-576370892b5a","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"entry"}', '2026-11-24 21:53:55.83019+00');
INSERT INTO public.events VALUES (5, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"a0658179-d586-4229-bf12-baefd057f02e","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"medication"}', '2026-11-24 21:53:55.837685+00');
INSERT INTO public.events VALUES (6, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"391b0caf-adcb-4287-906e-7cf15084f4ab","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"intake"}', '2026-11-24 21:53:55.847091+00');
INSERT INTO public.events VALUES (7, 'share.participant', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"app":"auralyst","kind":"journal","permission":"read-write","resourceID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","status":"invited","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.856247+00');
INSERT INTO public.events VALUES (8, 'share.participant', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"app":"auralyst","kind":"journal","permission":"read-write","resourceID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","status":"invited","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.856247+00');
INSERT INTO public.events VALUES (9, 'share.participant', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"app":"auralyst","kind":"journal","permission":"read-write","resourceID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","status":"accepted","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.866769+00');
INSERT INTO public.events VALUES (10, 'share.participant', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"app":"auralyst","kind":"journal","permission":"read-write","resourceID":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","status":"accepted","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.866769+00');
INSERT INTO public.events VALUES (11, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"66e5e4e0-376d-4ae8-bb84-55fe862283b5","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"note"}', '2026-11-24 21:53:55.876586+00');
INSERT INTO public.events VALUES (12, 'auralyst.changed', NULL, 'auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '{"action":"created","id":"4d738f0f-ecbd-4f50-a8c9-129bc7520717","journalId":"709a997f-d18e-45bc-a8b0-7ff5775e0a8f","kind":"entry"}', '2026-11-24 21:53:55.883655+00');
INSERT INTO public.events VALUES (13, 'share.participant', NULL, 'softer', 'room', '6272caa0-a29b-444a-8844-c38346a6d091', '{"app":"softer","kind":"room","permission":"read-write","resourceID":"6272caa0-a29b-444a-8844-c38346a6d091","status":"invited","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.895175+00');
INSERT INTO public.events VALUES (14, 'share.participant', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"app":"softer","kind":"room","permission":"read-write","resourceID":"6272caa0-a29b-444a-8844-c38346a6d091","status":"invited","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.895175+00');
INSERT INTO public.events VALUES (15, 'softer.room', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.895175+00');
INSERT INTO public.events VALUES (16, 'softer.room', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.895175+00');
INSERT INTO public.events VALUES (17, 'softer.room', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.915608+00');
INSERT INTO public.events VALUES (18, 'softer.room', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.915608+00');
INSERT INTO public.events VALUES (19, 'softer.room', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.92048+00');
INSERT INTO public.events VALUES (20, 'softer.room', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.92048+00');
INSERT INTO public.events VALUES (21, 'share.participant', NULL, 'softer', 'room', '6272caa0-a29b-444a-8844-c38346a6d091', '{"app":"softer","kind":"room","permission":"read-write","resourceID":"6272caa0-a29b-444a-8844-c38346a6d091","status":"accepted","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.931884+00');
INSERT INTO public.events VALUES (22, 'share.participant', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"app":"softer","kind":"room","permission":"read-write","resourceID":"6272caa0-a29b-444a-8844-c38346a6d091","status":"accepted","userID":"2a572ae3-6bcf-4c35-87ca-f0a346ebf751"}', '2026-11-24 21:53:55.931884+00');
INSERT INTO public.events VALUES (23, 'softer.room', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.955368+00');
INSERT INTO public.events VALUES (24, 'softer.room', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.955368+00');
INSERT INTO public.events VALUES (25, 'softer.room', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.972641+00');
INSERT INTO public.events VALUES (26, 'softer.room', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', '2026-11-24 21:53:55.972641+00');
INSERT INTO public.events VALUES (27, 'onpu.job', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e","status":"queued","updatedAt":1795557236971}', '2026-11-24 21:53:56.971264+00');
INSERT INTO public.events VALUES (28, 'onpu.job', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e","stage":"translating","status":"running","updatedAt":1795557236984}', '2026-11-24 21:53:56.984402+00');
INSERT INTO public.events VALUES (29, 'onpu.job', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e","stage":"lyrics_data","status":"running","updatedAt":1795557236990}', '2026-11-24 21:53:56.990362+00');
INSERT INTO public.events VALUES (30, 'onpu.job', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e","stage":"finalizing","status":"running","updatedAt":1795557236996}', '2026-11-24 21:53:56.996379+00');
INSERT INTO public.events VALUES (31, 'onpu.job', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', NULL, NULL, NULL, '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e","status":"succeeded","updatedAt":1795557237000}', '2026-11-24 21:53:57.00081+00');
INSERT INTO public.events VALUES (32, 'redo.nodes', NULL, 'redo', 'task', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '{"nodeIds":["sha256:2667956dc3a11cc717c58c7563a561cb902df4ca5583f6712917edd0f594fae4","sha256:e37e96f1e2fd4be19468e153def8dcef91d534b8ee8f848b2311bf26c2b2e928","sha256:a4ff20b5d343644c9c5bc1b47baf95c4427122cccaa9d6c1b6cfe7f253171a84","sha256:dcd001bbebe5d272f8b6ef191bc78d0ed6e3c1c763009b41936d405f8ed73464"],"taskId":"71fcd72d-15d8-4156-92f8-8e517edec8b4"}', '2026-11-24 21:53:57.287579+00');


--
-- Data for Name: jobs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.jobs VALUES ('afbd6433-61e8-4e9d-bd87-cbed62ed97fd', 'softer.invite', '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091"}', 'succeeded', 1, 6, '2026-11-24 21:53:55.906862+00', NULL, 'nkVKHn-mp8QDplXAUbzQww', NULL, 'softer.invite:6272caa0-a29b-444a-8844-c38346a6d091', '2026-11-24 21:53:55.906878+00', '2026-11-24 21:53:55.943614+00');
INSERT INTO public.jobs VALUES ('7d9ab49f-2dc2-46bc-9cb6-1a620bae0e71', 'softer.turn', '{"roomID":"6272caa0-a29b-444a-8844-c38346a6d091","slot":1}', 'succeeded', 1, 5, '2026-11-24 21:53:55.963481+00', NULL, '2ehS_juCO38WRdbWtpgmJQ', NULL, 'softer.turn:6272caa0-a29b-444a-8844-c38346a6d091:1', '2026-11-24 21:53:55.963499+00', '2026-11-24 21:53:55.980035+00');
INSERT INTO public.jobs VALUES ('03397e56-e107-4107-bf49-3334df2792d7', 'onpu.analyze', '{"jobId":"6543e257-f83c-47b2-a1bb-411f26f0ea1e"}', 'succeeded', 1, 3, '2026-11-24 21:53:56.976748+00', NULL, 'vc3FHVrpNZaFTWg0JS6M8A', NULL, '6543e257-f83c-47b2-a1bb-411f26f0ea1e@1795557236971', '2026-11-24 21:53:56.976765+00', '2026-11-24 21:53:57.005953+00');


--
-- Data for Name: onpu_clocks; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.onpu_clocks VALUES ('8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 1795557237000);


--
-- Data for Name: onpu_jobs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.onpu_jobs VALUES ('6543e257-f83c-47b2-a1bb-411f26f0ea1e', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '古池', '芭蕉', '古池や
蛙飛び込む
水の音', 'succeeded', NULL, NULL, '2026-11-24 21:53:56.971264+00', 1795557237000, false, '75ba003c-2cfb-4e25-9d00-4e692c741196');


--
-- Data for Name: onpu_songs; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.onpu_songs VALUES ('75ba003c-2cfb-4e25-9d00-4e692c741196', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '6543e257-f83c-47b2-a1bb-411f26f0ea1e', '古池', '芭蕉', '古池や
蛙飛び込む
水の音', false, '2026-11-24 21:53:57.00052+00', '[{"words":[{"kanjiReadings":[{"kanji":"古","reading":"ふる"},{"kanji":"池","reading":"いけ"}],"morae":[{"isHigh":false,"text":"ふ"},{"isHigh":true,"text":"る"},{"isHigh":true,"text":"い"},{"isHigh":true,"text":"け"}],"reading":"ふるいけ","surface":"古池"},{"kanjiReadings":[],"morae":[{"isHigh":true,"text":"や"}],"reading":"や","surface":"や"}]},{"words":[{"kanjiReadings":[{"kanji":"蛙","reading":"かわず"}],"morae":[{"isHigh":false,"text":"か"},{"isHigh":true,"text":"わ"},{"isHigh":true,"text":"ず"}],"reading":"かわず","surface":"蛙"},{"kanjiReadings":[{"kanji":"飛","reading":"と"},{"kanji":"込","reading":"こ"}],"morae":[{"isHigh":false,"text":"と"},{"isHigh":true,"text":"び"},{"isHigh":true,"text":"こ"},{"isHigh":false,"text":"む"}],"reading":"とびこむ","surface":"飛び込む"}]},{"words":[{"kanjiReadings":[{"kanji":"水","reading":"みず"}],"morae":[{"isHigh":false,"text":"み"},{"isHigh":true,"text":"ず"}],"reading":"みず","surface":"水"},{"kanjiReadings":[],"morae":[{"isHigh":true,"text":"の"}],"reading":"の","surface":"の"},{"kanjiReadings":[{"kanji":"音","reading":"おと"}],"morae":[{"isHigh":false,"text":"お"},{"isHigh":true,"text":"と"}],"reading":"おと","surface":"音"}]}]', '[null,null,null]', 'off');


--
-- Data for Name: participants; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.participants VALUES ('auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', 'accepted', 'read-write', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '2026-11-24 21:53:55.866769+00');
INSERT INTO public.participants VALUES ('softer', 'room', '6272caa0-a29b-444a-8844-c38346a6d091', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', 'accepted', 'read-write', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '2026-11-24 21:53:55.931884+00');


--
-- Data for Name: redo_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.redo_keys VALUES ('c4f6b8a1192b2282f1f43f09a74d091fd92193573a9269bcaf3aa8b87601e169', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '2c3c172c-4f4b-405c-946c-3ad7ab0ba79c', '2026-11-24 21:53:57.202354+00');


--
-- Data for Name: redo_nodes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.redo_nodes VALUES ('sha256:2667956dc3a11cc717c58c7563a561cb902df4ca5583f6712917edd0f594fae4', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '{"action":"CREATE","author":{"deviceId":"2c3c172c-4f4b-405c-946c-3ad7ab0ba79c","name":"laptop","publicKey":"c4f6b8a1192b2282f1f43f09a74d091fd92193573a9269bcaf3aa8b87601e169","userId":"c4f6b8a1192b2282f1f43f09a74d091f"},"data":{"payload":{"frequencyDays":7,"title":"Water the plants"}},"id":"sha256:2667956dc3a11cc717c58c7563a561cb902df4ca5583f6712917edd0f594fae4","parents":[],"signature":"c5069458e86d5522a29ab16b9afb4cafcabb2237580940fee8360cae8ce0474e8d784043a2d6baa91a2e40777e6382640e37caad73e1984bb38fa3ec3a36d501","taskId":"71fcd72d-15d8-4156-92f8-8e517edec8b4","timestamp":{"lamport":1,"wall":"2026-11-24T21:53:57.226Z"},"version":1}', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 32);
INSERT INTO public.redo_nodes VALUES ('sha256:e37e96f1e2fd4be19468e153def8dcef91d534b8ee8f848b2311bf26c2b2e928', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '{"action":"CREATE_TODO","author":{"deviceId":"2c3c172c-4f4b-405c-946c-3ad7ab0ba79c","name":"laptop","publicKey":"c4f6b8a1192b2282f1f43f09a74d091fd92193573a9269bcaf3aa8b87601e169","userId":"c4f6b8a1192b2282f1f43f09a74d091f"},"data":{"payload":{"deadline":"2026-12-01T21:53:57.226Z","todoTaskId":"58066832-84e1-4306-adb9-a02e93de162d"}},"id":"sha256:e37e96f1e2fd4be19468e153def8dcef91d534b8ee8f848b2311bf26c2b2e928","parents":["sha256:2667956dc3a11cc717c58c7563a561cb902df4ca5583f6712917edd0f594fae4"],"signature":"f7ad6a8dd4f10dff459b44fd169dc3775548cca49d032a7d7f1d9f988a8a1dab7685aab370fd8170fbe9722266d731fe77cc152a8bd91097e0f98dd007b5c909","taskId":"71fcd72d-15d8-4156-92f8-8e517edec8b4","timestamp":{"lamport":2,"wall":"2026-11-24T21:53:57.227Z"},"version":1}', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 32);
INSERT INTO public.redo_nodes VALUES ('sha256:a4ff20b5d343644c9c5bc1b47baf95c4427122cccaa9d6c1b6cfe7f253171a84', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '{"action":"COMPLETE_TODO","author":{"deviceId":"2c3c172c-4f4b-405c-946c-3ad7ab0ba79c","name":"laptop","publicKey":"c4f6b8a1192b2282f1f43f09a74d091fd92193573a9269bcaf3aa8b87601e169","userId":"c4f6b8a1192b2282f1f43f09a74d091f"},"data":{"payload":{"completed":"2026-11-24T21:53:57.247Z","todoTaskId":"58066832-84e1-4306-adb9-a02e93de162d"}},"id":"sha256:a4ff20b5d343644c9c5bc1b47baf95c4427122cccaa9d6c1b6cfe7f253171a84","parents":["sha256:e37e96f1e2fd4be19468e153def8dcef91d534b8ee8f848b2311bf26c2b2e928"],"signature":"0a1cf02c7f76ca03a695d8314368d394d92148b3ff83eac44d4262e96857b116e6bd4019aaf7e2a4c1c1056703bf6d4a61343b5c8b444a5c24ad263049cd8f02","taskId":"71fcd72d-15d8-4156-92f8-8e517edec8b4","timestamp":{"lamport":3,"wall":"2026-11-24T21:53:57.247Z"},"version":1}', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 32);
INSERT INTO public.redo_nodes VALUES ('sha256:dcd001bbebe5d272f8b6ef191bc78d0ed6e3c1c763009b41936d405f8ed73464', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '{"action":"CREATE_TODO","author":{"deviceId":"2c3c172c-4f4b-405c-946c-3ad7ab0ba79c","name":"laptop","publicKey":"c4f6b8a1192b2282f1f43f09a74d091fd92193573a9269bcaf3aa8b87601e169","userId":"c4f6b8a1192b2282f1f43f09a74d091f"},"data":{"payload":{"deadline":"2026-12-01T21:53:57.247Z","todoTaskId":"19abd884-d01f-48b0-919f-ba92d4832759"}},"id":"sha256:dcd001bbebe5d272f8b6ef191bc78d0ed6e3c1c763009b41936d405f8ed73464","parents":["sha256:a4ff20b5d343644c9c5bc1b47baf95c4427122cccaa9d6c1b6cfe7f253171a84"],"signature":"38f87ee5f3de08c7a08d65990525cdd2d35350d1577f4f46c1cc7be6592d43eac91cc3c69b04792d61b8ef4683285b9746e5ffe8d8d61a798aedb859cf613a00","taskId":"71fcd72d-15d8-4156-92f8-8e517edec8b4","timestamp":{"lamport":4,"wall":"2026-11-24T21:53:57.248Z"},"version":1}', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 32);


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_migrations VALUES (1, 'users and sessions', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (2, 'shares and participants', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (3, 'events', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (4, 'jobs', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (5, 'job claim indexes in claim order', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (6, 'redo keys and nodes', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (7, 'softer rooms', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (8, 'auralyst journals', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (9, 'onpu jobs and songs', '2026-11-24 21:53:55.175207+00');
INSERT INTO public.schema_migrations VALUES (10, 'onpu change clock', '2026-11-24 21:53:55.175207+00');


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES ('b305358a-df1d-4c61-af92-5cd18df537ec', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'refresh', 'c204b57566a94b588b6e6949da71ba845f860dc309568778082f058d3142f330', '', 'python-requests/2.34.2', '2026-11-24 21:53:55.5169+00', '2026-11-24 21:53:55.5169+00', '2026-12-24 21:53:55.5169+00', NULL);
INSERT INTO public.sessions VALUES ('cb9947ac-e98a-406d-97a0-77328022312f', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751', 'refresh', '1a0a1d955e56d643edd1f076b58d6866e0d6e8271b9a680a9a7bde6df548bbaf', '', 'python-requests/2.34.2', '2026-11-24 21:53:55.575127+00', '2026-11-24 21:53:55.575127+00', '2026-12-24 21:53:55.575127+00', NULL);
INSERT INTO public.sessions VALUES ('390fd0bb-3d18-45c9-baa8-b6243f2c7426', '8dd4e1f4-533f-467c-984d-d2af631c9f29', 'refresh', 'e164206928dd869ae4d6b95c71004c551947e61cd0be1284e607b0e9ee5f62b7', '', 'python-requests/2.34.2', '2026-11-24 21:53:55.631251+00', '2026-11-24 21:53:55.631251+00', '2026-12-24 21:53:55.631251+00', '2026-11-24 21:53:55.74919+00');
INSERT INTO public.sessions VALUES ('adc09890-0d17-4da6-927a-e82247aee5df', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'refresh', '793f24dcbc73e14878c58ca6ba929fdbf9d482e50d5a58c802e42da54187fe0f', '', 'python-requests/2.34.2', '2026-11-24 21:53:55.808443+00', '2026-11-24 21:53:55.808443+00', '2026-12-24 21:53:55.808443+00', '2026-11-24 21:53:55.814985+00');
INSERT INTO public.sessions VALUES ('9e57dcba-52e8-4e9b-ad0d-156ea5a25820', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'refresh', '41f04a3afdbecdd1f40f15a22f093aaf140fc72e052e38471ef9b4abd737e650', '', 'redo CLI (laptop)', '2026-11-24 21:53:57.195113+00', '2026-11-24 21:53:57.195113+00', '2026-12-24 21:53:57.195113+00', '2026-11-24 21:53:57.275808+00');
INSERT INTO public.sessions VALUES ('b273fbf2-393e-41ad-a196-b31d8a5137c4', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'refresh', 'e854db5c7a0db9b9ef25cfa0d67e96f7b040bc4ca90f13f6da6608e7735130be', '', 'redo CLI (laptop)', '2026-11-24 21:53:57.278516+00', '2026-11-24 21:53:57.278516+00', '2026-12-24 21:53:57.278516+00', NULL);


--
-- Data for Name: shares; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.shares VALUES ('auralyst', 'journal', '709a997f-d18e-45bc-a8b0-7ff5775e0a8f', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'Ann''s journal', '2026-11-24 21:53:55.821+00');
INSERT INTO public.shares VALUES ('softer', 'room', '6272caa0-a29b-444a-8844-c38346a6d091', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'A Softer room: Ann, Lightward, Bob', '2026-11-24 21:53:55.895175+00');
INSERT INTO public.shares VALUES ('redo', 'task', '71fcd72d-15d8-4156-92f8-8e517edec8b4', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'Water the plants', '2026-11-24 21:53:57.287579+00');


--
-- Data for Name: softer_messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.softer_messages VALUES (1, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:opening', 'narrator', 'Narrator', 'Ann opened a room with $10.', '2026-11-24 21:53:55.895175+00', false, true);
INSERT INTO public.softer_messages VALUES (2, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:arrival:903e7d5b-3449-4093-af6b-aaad61697e71', 'narrator', 'Narrator', 'Bob arrived.', '2026-11-24 21:53:55.915608+00', false, true);
INSERT INTO public.softer_messages VALUES (3, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:arrival:8ac7c0b8-890c-4a4b-9ae2-ea4d9e24edc8', 'narrator', 'Narrator', 'Lightward arrived.', '2026-11-24 21:53:55.92048+00', false, true);
INSERT INTO public.softer_messages VALUES (4, '6272caa0-a29b-444a-8844-c38346a6d091', '64540189-7783-46a0-a780-4cba24b7ef5c', 'b9a5eac4-8050-45b1-bf68-0c54b149f60d', 'Ann', 'Hello, everyone.', '2026-11-24 21:53:55.955368+00', false, false);
INSERT INTO public.softer_messages VALUES (5, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:turn:1:intro', 'narrator', 'Narrator', 'Lightward, it''s your turn.', '2026-11-24 21:53:55.955368+00', false, true);
INSERT INTO public.softer_messages VALUES (6, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:turn:1:lightward', 'lightward', 'Lightward', 'Hello, both of you.', '2026-11-24 21:53:55.972641+00', true, false);
INSERT INTO public.softer_messages VALUES (7, '6272caa0-a29b-444a-8844-c38346a6d091', '6272caa0-a29b-444a-8844-c38346a6d091:turn:2:intro', 'narrator', 'Narrator', 'Bob, it''s your turn.', '2026-11-24 21:53:55.972641+00', false, true);


--
-- Data for Name: softer_payments; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.softer_payments VALUES ('d0b563fb-44c6-4f3b-86ab-71178feeb0ea', '6272caa0-a29b-444a-8844-c38346a6d091', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 10, 'ledger', '2026-11-24 21:53:55.895175+00');


--
-- Data for Name: softer_rooms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.softer_rooms VALUES ('6272caa0-a29b-444a-8844-c38346a6d091', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', '{"createdAt":1795557235895.1755,"id":"6272caa0-a29b-444a-8844-c38346a6d091","originatorID":"b9a5eac4-8050-45b1-bf68-0c54b149f60d","participants":[{"id":"b9a5eac4-8050-45b1-bf68-0c54b149f60d","identifier":{"originator":{}},"nickname":"Ann"},{"id":"8ac7c0b8-890c-4a4b-9ae2-ea4d9e24edc8","identifier":{"lightward":{}},"nickname":"Lightward"},{"id":"903e7d5b-3449-4093-af6b-aaad61697e71","identifier":{"email":{"_0":"bob@example.com"}},"nickname":"Bob"}],"tier":10}', 'active', NULL, '[]', 'Lightward', NULL, '{"idle":{}}', '2026-11-24 21:53:55.895175+00', '2026-11-24 21:53:55.92048+00');


--
-- Data for Name: softer_seats; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.softer_seats VALUES ('6272caa0-a29b-444a-8844-c38346a6d091', 'b9a5eac4-8050-45b1-bf68-0c54b149f60d', '8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7');
INSERT INTO public.softer_seats VALUES ('6272caa0-a29b-444a-8844-c38346a6d091', '903e7d5b-3449-4093-af6b-aaad61697e71', '2a572ae3-6bcf-4c35-87ca-f0a346ebf751');


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES ('8e22b3d7-ca62-4ee9-8989-78e2a8c5f8f7', 'ann@example.com', NULL, 'Ann', '$2b$10$O9WzwgNh16I.Yl6SFvODO.XayPEvVwGhUZhXwWV45VRtMKWdCLOkK', 'Europe/Paris', false, false, '2026-11-24 21:53:55.51484+00');
INSERT INTO public.users VALUES ('2a572ae3-6bcf-4c35-87ca-f0a346ebf751', 'bob@example.com', NULL, 'Bob', '$2b$10$fid1yHsBmIiaELwGNFM29u73R.Z/iE82h4/xyx2jO3HsgOiVAi4FS', 'Europe/Paris', false, false, '2026-11-24 21:53:55.573465+00');
INSERT INTO public.users VALUES ('a632028c-66e8-44c8-bd8f-ae9d6664f8ce', 'root@example.com', '+14155550123', 'Root', '$2b$10$p.y1pxrX78eLVTweHyZpSOvuTO5DDfukkWAQa4JppnFfxGv8nMwvG', 'Asia/Tokyo', true, false, '2026-11-24 21:53:55.712891+00');
INSERT INTO public.users VALUES ('8dd4e1f4-533f-467c-984d-d2af631c9f29', 'cat@example.com', NULL, 'Cat', '$2b$10$TrW9o8.UQh.wyuykCUCbsOisie4QGiSROjm/8cGa92qUEUgdlJAVe', 'Europe/Paris', false, true, '2026-11-24 21:53:55.62964+00');


--
-- Name: softer_messages_seq_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.softer_messages_seq_seq', 7, true);


--
-- Name: auralyst_journals auralyst_journals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auralyst_journals
    ADD CONSTRAINT auralyst_journals_pkey PRIMARY KEY (id);


--
-- Name: auralyst_records auralyst_records_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auralyst_records
    ADD CONSTRAINT auralyst_records_pkey PRIMARY KEY (id);


--
-- Name: event_counter event_counter_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_counter
    ADD CONSTRAINT event_counter_pkey PRIMARY KEY (id);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (seq);


--
-- Name: jobs jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_pkey PRIMARY KEY (id);


--
-- Name: jobs jobs_queue_idempotency_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.jobs
    ADD CONSTRAINT jobs_queue_idempotency_key_key UNIQUE (queue, idempotency_key);


--
-- Name: onpu_clocks onpu_clocks_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_clocks
    ADD CONSTRAINT onpu_clocks_pkey PRIMARY KEY (owner_id);


--
-- Name: onpu_jobs onpu_jobs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_jobs
    ADD CONSTRAINT onpu_jobs_pkey PRIMARY KEY (id);


--
-- Name: onpu_songs onpu_songs_job_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_songs
    ADD CONSTRAINT onpu_songs_job_id_key UNIQUE (job_id);


--
-- Name: onpu_songs onpu_songs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_songs
    ADD CONSTRAINT onpu_songs_pkey PRIMARY KEY (id);


--
-- Name: participants participants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.participants
    ADD CONSTRAINT participants_pkey PRIMARY KEY (app, kind, resource_id, user_id);


--
-- Name: redo_keys redo_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.redo_keys
    ADD CONSTRAINT redo_keys_pkey PRIMARY KEY (public_key);


--
-- Name: redo_nodes redo_nodes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.redo_nodes
    ADD CONSTRAINT redo_nodes_pkey PRIMARY KEY (id);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: sessions sessions_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);


--
-- Name: shares shares_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.shares
    ADD CONSTRAINT shares_pkey PRIMARY KEY (app, kind, resource_id);


--
-- Name: softer_messages softer_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_messages
    ADD CONSTRAINT softer_messages_pkey PRIMARY KEY (seq);


--
-- Name: softer_messages softer_messages_room_id_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_messages
    ADD CONSTRAINT softer_messages_room_id_id_key UNIQUE (room_id, id);


--
-- Name: softer_payments softer_payments_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_payments
    ADD CONSTRAINT softer_payments_pkey PRIMARY KEY (id);


--
-- Name: softer_rooms softer_rooms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_rooms
    ADD CONSTRAINT softer_rooms_pkey PRIMARY KEY (id);


--
-- Name: softer_seats softer_seats_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_seats
    ADD CONSTRAINT softer_seats_pkey PRIMARY KEY (room_id, participant_id);


--
-- Name: users users_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_email_key UNIQUE (email);


--
-- Name: users users_phone_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_phone_key UNIQUE (phone);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: auralyst_journals_owner_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auralyst_journals_owner_id_idx ON public.auralyst_journals USING btree (owner_id);


--
-- Name: auralyst_records_entry_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auralyst_records_entry_idx ON public.auralyst_records USING btree (journal_id, entry_id) WHERE (entry_id IS NOT NULL);


--
-- Name: auralyst_records_journal_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auralyst_records_journal_idx ON public.auralyst_records USING btree (journal_id, kind, "timestamp");


--
-- Name: auralyst_records_medication_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX auralyst_records_medication_idx ON public.auralyst_records USING btree (journal_id, medication_id) WHERE (medication_id IS NOT NULL);


--
-- Name: jobs_claim_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX jobs_claim_idx ON public.jobs USING btree (queue, status, run_at);


--
-- Name: jobs_queued_order_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX jobs_queued_order_idx ON public.jobs USING btree (run_at, created_at, id) WHERE (status = 'queued'::text);


--
-- Name: jobs_running_lease_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX jobs_running_lease_idx ON public.jobs USING btree (lease_until) WHERE (status = 'running'::text);


--
-- Name: onpu_jobs_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX onpu_jobs_owner_idx ON public.onpu_jobs USING btree (owner_id, updated_at);


--
-- Name: onpu_songs_owner_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX onpu_songs_owner_idx ON public.onpu_songs USING btree (owner_id, created_at);


--
-- Name: participants_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX participants_user_id_idx ON public.participants USING btree (user_id, status);


--
-- Name: redo_keys_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX redo_keys_user_id_idx ON public.redo_keys USING btree (user_id);


--
-- Name: redo_nodes_seq_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX redo_nodes_seq_idx ON public.redo_nodes USING btree (seq);


--
-- Name: redo_nodes_task_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX redo_nodes_task_id_idx ON public.redo_nodes USING btree (task_id);


--
-- Name: sessions_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);


--
-- Name: shares_owner_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX shares_owner_id_idx ON public.shares USING btree (owner_id);


--
-- Name: softer_payments_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX softer_payments_user_id_idx ON public.softer_payments USING btree (user_id, created_at);


--
-- Name: softer_seats_user_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX softer_seats_user_id_idx ON public.softer_seats USING btree (user_id);


--
-- Name: auralyst_journals auralyst_journals_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auralyst_journals
    ADD CONSTRAINT auralyst_journals_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: auralyst_records auralyst_records_journal_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.auralyst_records
    ADD CONSTRAINT auralyst_records_journal_id_fkey FOREIGN KEY (journal_id) REFERENCES public.auralyst_journals(id) ON DELETE CASCADE;


--
-- Name: onpu_clocks onpu_clocks_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_clocks
    ADD CONSTRAINT onpu_clocks_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: onpu_jobs onpu_jobs_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_jobs
    ADD CONSTRAINT onpu_jobs_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: onpu_songs onpu_songs_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.onpu_songs
    ADD CONSTRAINT onpu_songs_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: participants participants_app_kind_resource_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.participants
    ADD CONSTRAINT participants_app_kind_resource_id_fkey FOREIGN KEY (app, kind, resource_id) REFERENCES public.shares(app, kind, resource_id) ON DELETE CASCADE;


--
-- Name: participants participants_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.participants
    ADD CONSTRAINT participants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: redo_keys redo_keys_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.redo_keys
    ADD CONSTRAINT redo_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: sessions sessions_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: shares shares_owner_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.shares
    ADD CONSTRAINT shares_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: softer_messages softer_messages_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_messages
    ADD CONSTRAINT softer_messages_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.softer_rooms(id) ON DELETE CASCADE;


--
-- Name: softer_payments softer_payments_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_payments
    ADD CONSTRAINT softer_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: softer_rooms softer_rooms_originator_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_rooms
    ADD CONSTRAINT softer_rooms_originator_user_id_fkey FOREIGN KEY (originator_user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- Name: softer_seats softer_seats_room_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_seats
    ADD CONSTRAINT softer_seats_room_id_fkey FOREIGN KEY (room_id) REFERENCES public.softer_rooms(id) ON DELETE CASCADE;


--
-- Name: softer_seats softer_seats_user_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.softer_seats
    ADD CONSTRAINT softer_seats_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict hT95yiGUBRMWRrmV6bwREl4mERnfPTAueWrrtgycOeHgykDxh28jZZubpdh5c0z

