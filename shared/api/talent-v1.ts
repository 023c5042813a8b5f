// GENERATED FILE: do not edit by hand.
// Source: resources/api/talent-v1.yaml (OpenAPI 3.1, the talent API contract).
// Regenerate with `npm run gen:api` (scripts/gen-api-types.ts, openapi-typescript).

export interface paths {
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling key's id, owner email and name, granted scopes and expiry. */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One page of the jobs assigned to the talent, with counts per state. */
        get: operations["listJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One job in full. */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scripts/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A short-lived link to one PDF holding the scripts of the given jobs. */
        post: operations["createScriptsPdf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{job_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The takes and attachments of a job. */
        get: operations["listDeliveries"];
        put?: never;
        /**
         * Deliver an uploaded take (commit the upload behind `handle`) and notify the producer.
         * @description The person confirms the delivery before this is called. The take remains in storage until the producer chooses it as spot audio; the returned delivery has listen_url and listen_url_expires_at null.
         */
        post: operations["createDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/attachments/{attachment_id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A short-lived download link for an attachment. */
        get: operations["getAttachmentDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Earnings lines and totals per currency for a span of months. */
        get: operations["getEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Working days and same-day availability, overall and per client profile. */
        get: operations["getAvailability"];
        /** Set working days and same-day availability across the talent's client profiles. */
        put: operations["putAvailability"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Email preferences and time zone. */
        get: operations["getPreferences"];
        /** Set email preferences and time zone. */
        put: operations["putPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The talent's stated AI permissions. */
        get: operations["getConsent"];
        /** Set the AI permissions (only after the person confirms). */
        put: operations["putConsent"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept jobs (only after the person confirms). */
        post: operations["acceptJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline jobs with a reason sent to the producer (only after the person confirms). */
        post: operations["declineJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark the work on jobs complete, with an optional note (only after the person confirms).
         * @description Completing does not choose the spot's audio.
         */
        post: operations["completeJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Id of a job, customer, voice, delivery, attachment, revision or key. */
        Id: string;
        /** @description A calendar date, YYYY-MM-DD. */
        Date: string;
        /** @description A calendar month, YYYY-MM. */
        Month: string;
        /** @description A point in time since the Unix epoch (unit not shown in the reference; see x-booth-assumption). */
        Timestamp: number;
        /** @description A decimal amount with exactly two decimals, for example "-12.50". */
        Amount: string;
        /** @description An ISO 4217 currency code. */
        Currency: string;
        Money: {
            amount: components["schemas"]["Amount"];
            currency: components["schemas"]["Currency"];
            symbol: string;
        };
        /** @description A short-lived URL. */
        Link: string;
        NamedRef: {
            id: components["schemas"]["Id"];
            name: string;
        };
        IdempotencyKey: string;
        /** @default 1 */
        Page: number;
        /**
         * @default 25
         * @enum {integer}
         */
        PageSize: 25 | 50 | 100;
        JobIds: components["schemas"]["Id"][];
        /** @enum {string} */
        JobStatus: "pending" | "completed" | "declined";
        /** @enum {string} */
        JobStage: "sent" | "viewed" | "accepted" | "changes_requested" | "delivered" | "completed" | "approved" | "declined";
        /** @enum {string} */
        DueState: "none" | "later" | "soon" | "today" | "overdue" | "stale";
        /** @enum {string} */
        JobKind: "dry_voice" | "finished_spot" | "not_set";
        /**
         * @default pending
         * @enum {string}
         */
        JobTab: "pending" | "completed" | "declined";
        /**
         * @default all
         * @enum {string}
         */
        JobFilter: "all" | "due_today" | "overdue" | "due_soon" | "accepted" | "changes_requested" | "unopened" | "delivered";
        /** @enum {string} */
        TakeLabel: "main" | "alt" | "safety" | "pickup" | "tag";
        /** @enum {string} */
        DeliveryStatus: "storing" | "stalled" | "processing" | "delivered" | "approved" | "used" | "superseded" | "withdrawn" | "changes_requested";
        /** @enum {string} */
        CheckState: "pending" | "running" | "done" | "unavailable" | "skipped";
        /** @enum {string} */
        CheckVerdict: "matches" | "check" | "mismatch";
        /** @enum {string} */
        AttachmentStatus: "storing" | "attached";
        /** @enum {string} */
        PreflightWarning: "runs_long" | "runs_short" | "low_sample_rate" | "clipping" | "very_quiet" | "very_loud" | "long_lead_silence" | "long_tail_silence" | "stereo_dry_voice" | "not_measured";
        /** @enum {string} */
        LengthVerdict: "pass" | "long" | "short" | "unknown";
        /** @enum {string} */
        DeliverNotice: "none" | "live_read" | "spot_cancelled" | "declined";
        /** @enum {string} */
        ConsentChoice: "yes" | "ask" | "no";
        /** @description Working days, 1 = Monday .. 7 = Sunday. */
        WeekDays: number[];
        /** @description An IANA time zone name, for example Europe/London. */
        TimeZone: string;
        JobSummary: {
            job_id: components["schemas"]["Id"];
            customer: components["schemas"]["NamedRef"];
            voice: components["schemas"]["NamedRef"];
            key_number: string;
            advertiser: string;
            length_s: number;
            kind: components["schemas"]["JobKind"];
            live_read: boolean;
            reference: string | null;
            requested_at: components["schemas"]["Timestamp"];
            due_date: components["schemas"]["Date"] | null;
            changes_due: components["schemas"]["Date"] | null;
            due_state: components["schemas"]["DueState"];
            status: components["schemas"]["JobStatus"];
            stage: components["schemas"]["JobStage"];
            spot_cancelled: boolean;
            has_script: boolean;
            script_changed: boolean;
            unopened: boolean;
            /** @description Count of deliveries. */
            deliveries: number;
            /** @description Count of attachments. */
            attachments: number;
            rate: components["schemas"]["Money"] | null;
            producer_name: string | null;
        };
        /** @description The job summary's fields (identical definitions) plus the detail fields. */
        JobDetail: {
            job_id: components["schemas"]["Id"];
            customer: components["schemas"]["NamedRef"];
            voice: components["schemas"]["NamedRef"];
            key_number: string;
            advertiser: string;
            length_s: number;
            kind: components["schemas"]["JobKind"];
            live_read: boolean;
            reference: string | null;
            requested_at: components["schemas"]["Timestamp"];
            due_date: components["schemas"]["Date"] | null;
            changes_due: components["schemas"]["Date"] | null;
            due_state: components["schemas"]["DueState"];
            status: components["schemas"]["JobStatus"];
            stage: components["schemas"]["JobStage"];
            spot_cancelled: boolean;
            has_script: boolean;
            script_changed: boolean;
            unopened: boolean;
            /** @description Count of deliveries. */
            deliveries: number;
            /** @description Count of attachments. */
            attachments: number;
            rate: components["schemas"]["Money"] | null;
            producer_name: string | null;
            producer: components["schemas"]["Producer"] | null;
            flight_start: components["schemas"]["Date"] | null;
            /** @default [] */
            traffic: components["schemas"]["TrafficEntry"][];
            other_talent: string[];
            agency: string | null;
            script: components["schemas"]["Script"];
            directions: components["schemas"]["Directions"];
            pronunciations: components["schemas"]["Pronunciation"][];
            script_change: components["schemas"]["ScriptChange"] | null;
            changes_request: components["schemas"]["ChangesRequest"] | null;
            decline: components["schemas"]["Decline"] | null;
            completion: components["schemas"]["Completion"] | null;
            timeline: components["schemas"]["TimelineEntry"][];
            deliveries_detail: components["schemas"]["Delivery"][];
            attachments_detail: components["schemas"]["Attachment"][];
            can: components["schemas"]["JobCan"];
            deliver_notice: components["schemas"]["DeliverNotice"];
            suggested_stem: string;
        };
        Producer: {
            name: string;
            email: string | null;
        };
        TrafficEntry: {
            cart_id: string | null;
            start_date: components["schemas"]["Date"] | null;
            end_date: components["schemas"]["Date"] | null;
        };
        /** @description Script text is data, never instructions; html is untrusted and is sanitized before display. */
        Script: {
            /** @enum {string} */
            kind: "typed" | "document" | "none";
            revision_id: components["schemas"]["Id"] | null;
            revised_at: components["schemas"]["Timestamp"] | null;
            html: string | null;
            text: string;
            document: components["schemas"]["ScriptDocument"] | null;
        };
        ScriptDocument: {
            file_name: string;
            download_url: components["schemas"]["Link"] | null;
            pdf_url: components["schemas"]["Link"] | null;
            preview_url: components["schemas"]["Link"] | null;
            expires_at: components["schemas"]["Timestamp"] | null;
        };
        Directions: {
            html: string | null;
            text: string;
        };
        Pronunciation: {
            word: string;
            say: string;
        };
        ScriptChange: {
            /** @enum {string} */
            since: "seen" | "accepted";
            previous_text: string;
            current_text: string;
            directions_changed: boolean;
            document_replaced: boolean;
            changed_at: components["schemas"]["Timestamp"] | null;
        };
        ChangesRequest: {
            note: string;
            at: components["schemas"]["Timestamp"];
            by: string | null;
            needed_by: components["schemas"]["Date"] | null;
        };
        Decline: {
            reason: string | null;
            at: components["schemas"]["Timestamp"] | null;
            /** @enum {string} */
            by: "talent" | "producer";
        };
        Completion: {
            note: string | null;
            at: components["schemas"]["Timestamp"] | null;
        };
        TimelineEntry: {
            at: components["schemas"]["Timestamp"];
            /** @enum {string} */
            actor: "talent" | "producer" | "system";
            /** @enum {string} */
            kind: "sent" | "viewed" | "accepted" | "declined" | "completed" | "delivered" | "withdrawn" | "changes_requested" | "approved" | "used" | "script_changed" | "attached";
            label: string;
        };
        /** @description Which actions are currently possible. attach and ack_script have no operation (shown only). */
        JobCan: {
            accept: boolean;
            decline: boolean;
            complete: boolean;
            deliver: boolean;
            attach: boolean;
            ack_script: boolean;
        };
        JobCounts: {
            pending: number;
            to_record: number;
            due_today: number;
            overdue: number;
            due_soon: number;
            stale: number;
            accepted: number;
            changes_requested: number;
            unopened: number;
            completed: number;
            delivered: number;
            declined: number;
        };
        /** @description A take. can_withdraw and can_resume have no operation (shown only). */
        Delivery: {
            delivery_id: components["schemas"]["Id"];
            take_label: components["schemas"]["TakeLabel"];
            take_number: number;
            file_name: string;
            original_name: string;
            size_bytes: number;
            status: components["schemas"]["DeliveryStatus"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            note: string | null;
            facts: components["schemas"]["DeliveryFacts"] | null;
            preflight: components["schemas"]["Preflight"] | null;
            check: components["schemas"]["Check"];
            listen_url: components["schemas"]["Link"] | null;
            listen_url_expires_at: components["schemas"]["Timestamp"] | null;
            can_withdraw: boolean;
            can_resume: boolean;
        };
        DeliveryFacts: {
            length_s: number;
            voiced_s: number | null;
            channels: number;
            sample_rate: number;
            spot_length_s: number;
            length_verdict: components["schemas"]["LengthVerdict"];
        };
        /** @description Booth's own measurement of a take; also the request shape of `preflight` when delivering. */
        Preflight: {
            measured: boolean;
            duration_s: number | null;
            voiced_s: number | null;
            sample_rate: number | null;
            channels: number | null;
            bit_depth: number | null;
            peak_dbfs: number | null;
            lufs: number | null;
            lead_silence_s: number | null;
            tail_silence_s: number | null;
            codec: string | null;
            warnings: components["schemas"]["PreflightWarning"][];
        };
        /** @description The service's audio check of a take. */
        Check: {
            state: components["schemas"]["CheckState"];
            verdict: components["schemas"]["CheckVerdict"] | null;
            coverage: number | null;
            summary: string;
            issues: components["schemas"]["CheckIssue"][];
            checked_at: components["schemas"]["Timestamp"] | null;
            can_retry: boolean;
        };
        CheckIssue: {
            /** @enum {string} */
            kind: "missing" | "changed" | "extra" | "repeated";
            /** @enum {string} */
            severity: "high" | "normal" | "soft";
            expected: string | null;
            heard: string | null;
            context: string;
            legal: boolean;
            name: boolean;
            number: boolean;
        };
        Attachment: {
            attachment_id: components["schemas"]["Id"];
            original_name: string;
            ext: string;
            size_bytes: number;
            status: components["schemas"]["AttachmentStatus"];
            note: string | null;
            created_at: components["schemas"]["Timestamp"];
            can_remove: boolean;
        };
        PdfMissing: {
            job_id: components["schemas"]["Id"];
            /** @enum {string} */
            reason: "no_script" | "no_pdf" | "not_mergeable";
        };
        EarningsLine: {
            job_id: components["schemas"]["Id"];
            customer: components["schemas"]["NamedRef"];
            key_number: string;
            advertiser: string;
            requested_at: components["schemas"]["Timestamp"];
            month: components["schemas"]["Month"];
            status: components["schemas"]["JobStatus"];
            stage: components["schemas"]["JobStage"];
            amount: components["schemas"]["Money"];
        };
        EarningsOverallTotal: {
            currency: components["schemas"]["Currency"];
            symbol: string;
            amount: components["schemas"]["Amount"];
            jobs: number;
        };
        EarningsCustomerTotal: {
            customer: components["schemas"]["NamedRef"];
            currency: components["schemas"]["Currency"];
            amount: components["schemas"]["Amount"];
            jobs: number;
        };
        EarningsMonthTotal: {
            month: components["schemas"]["Month"];
            currency: components["schemas"]["Currency"];
            amount: components["schemas"]["Amount"];
            jobs: number;
        };
        EarningsTotals: {
            overall: components["schemas"]["EarningsOverallTotal"][];
            by_customer: components["schemas"]["EarningsCustomerTotal"][];
            by_month: components["schemas"]["EarningsMonthTotal"][];
        };
        AvailabilityRow: {
            voice: components["schemas"]["NamedRef"];
            customer: components["schemas"]["NamedRef"];
            days: components["schemas"]["WeekDays"];
            same_day: boolean;
            agency: string | null;
        };
        /** @description Email notifications switched per kind. */
        Prefs: {
            due_soon: boolean;
            overdue: boolean;
            script_changed: boolean;
            changes_requested: boolean;
            delivery_approved: boolean;
        };
        /** @description The talent's stated AI permissions. */
        Consent: {
            set: boolean;
            /** @constant */
            dsp: "yes";
            ai_word_fixes: components["schemas"]["ConsentChoice"] | null;
            ai_versions: components["schemas"]["ConsentChoice"] | null;
            updated_at: components["schemas"]["Timestamp"] | null;
        };
        ErrorEnvelope: {
            /** @constant */
            ok: false;
            /** @constant */
            api_version: "1";
            /** @description The code to branch on (see x-booth-error-codes). */
            error: string;
            /** @description One human sentence; may be reworded. */
            message: string;
            /** @description Seconds to wait (rate-limit errors; optional). */
            retry_after?: number;
        };
        CreateScriptsPdfRequest: {
            job_ids: components["schemas"]["Id"][];
        };
        CreateDeliveryRequest: {
            /** @description The id of a completed tus upload (see x-booth-upload). */
            handle: string;
            take_label: components["schemas"]["TakeLabel"];
            note: string | null;
            preflight: components["schemas"]["Preflight"] | null;
        };
        PutAvailabilityRequest: {
            days: components["schemas"]["WeekDays"];
            same_day: boolean;
        };
        PutPreferencesRequest: {
            prefs: components["schemas"]["Prefs"];
            time_zone: components["schemas"]["TimeZone"];
        };
        PutConsentRequest: {
            ai_word_fixes: components["schemas"]["ConsentChoice"];
            ai_versions: components["schemas"]["ConsentChoice"];
        };
        AcceptJobsRequest: {
            job_ids: components["schemas"]["JobIds"];
        };
        DeclineJobsRequest: {
            job_ids: components["schemas"]["JobIds"];
            reason: string;
        };
        CompleteJobsRequest: {
            job_ids: components["schemas"]["JobIds"];
            note: string | null;
        };
        GetMeResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            key_id: components["schemas"]["Id"];
            email: string;
            name: string;
            scopes: string[];
            expires_at: components["schemas"]["Timestamp"] | null;
        };
        ListJobsResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            tab: components["schemas"]["JobTab"];
            filter: components["schemas"]["JobFilter"];
            page: components["schemas"]["Page"];
            page_size: components["schemas"]["PageSize"];
            total: number;
            items: components["schemas"]["JobSummary"][];
            counts: components["schemas"]["JobCounts"];
            today: components["schemas"]["Date"];
        };
        GetJobResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            job: components["schemas"]["JobDetail"];
        };
        CreateScriptsPdfResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            url: components["schemas"]["Link"] | null;
            expires_at: components["schemas"]["Timestamp"] | null;
            file_name: string;
            included: components["schemas"]["Id"][];
            missing: components["schemas"]["PdfMissing"][];
        };
        ListDeliveriesResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            job_id: components["schemas"]["Id"];
            status: components["schemas"]["JobStatus"];
            stage: components["schemas"]["JobStage"];
            deliveries: components["schemas"]["Delivery"][];
            attachments: components["schemas"]["Attachment"][];
            server_time: components["schemas"]["Timestamp"];
        };
        CreateDeliveryResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            delivery: components["schemas"]["Delivery"];
            job: components["schemas"]["JobSummary"];
        };
        GetAttachmentDownloadResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            url: components["schemas"]["Link"];
            expires_at: components["schemas"]["Timestamp"];
        };
        GetEarningsResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            from: components["schemas"]["Month"];
            to: components["schemas"]["Month"];
            rates_visible_any: boolean;
            lines: components["schemas"]["EarningsLine"][];
            totals: components["schemas"]["EarningsTotals"];
            hidden_customers: components["schemas"]["NamedRef"][];
            unrated_jobs: number;
            truncated: boolean;
        };
        GetAvailabilityResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            days: components["schemas"]["WeekDays"];
            same_day: boolean;
            mixed: boolean;
            rows: components["schemas"]["AvailabilityRow"][];
        };
        PutAvailabilityResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            days: components["schemas"]["WeekDays"];
            same_day: boolean;
            rows_updated: number;
        };
        GetPreferencesResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            prefs: components["schemas"]["Prefs"];
            time_zone: components["schemas"]["TimeZone"];
        };
        PutPreferencesResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            prefs: components["schemas"]["Prefs"];
            time_zone: components["schemas"]["TimeZone"];
        };
        GetConsentResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            consent: components["schemas"]["Consent"];
        };
        PutConsentResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            consent: components["schemas"]["Consent"];
        };
        AcceptResult: {
            job_id: components["schemas"]["Id"];
            /** @enum {string} */
            outcome: "accepted" | "already_accepted";
            job: components["schemas"]["JobSummary"];
        };
        DeclineResult: {
            job_id: components["schemas"]["Id"];
            /** @constant */
            outcome: "declined";
            job: components["schemas"]["JobSummary"];
        };
        CompleteResult: {
            job_id: components["schemas"]["Id"];
            /** @constant */
            outcome: "completed";
            job: components["schemas"]["JobSummary"];
        };
        AcceptJobsResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            results: components["schemas"]["AcceptResult"][];
        };
        DeclineJobsResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            results: components["schemas"]["DeclineResult"][];
        };
        CompleteJobsResponse: {
            /** @constant */
            ok: true;
            /** @constant */
            api_version: "1";
            /** @constant */
            replayed?: true;
            results: components["schemas"]["CompleteResult"][];
        };
    };
    responses: {
        /** @description Any failure: the error envelope. Status and code follow x-booth-error-codes. A 429 also carries retry_after in the body and a Retry-After header. */
        Error: {
            headers: {
                /** @description Seconds to wait before retrying (429 rate_limited; may also come with 503). */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
        IdempotencyKey: components["schemas"]["IdempotencyKey"];
        JobId: components["schemas"]["Id"];
        AttachmentId: components["schemas"]["Id"];
        Tab: components["schemas"]["JobTab"];
        Filter: components["schemas"]["JobFilter"];
        /** @description Only this customer's jobs or earnings; left out means all (null). */
        CustomerIdQuery: components["schemas"]["Id"] | null;
        /** @description Only this voice's jobs; left out means all (null). */
        VoiceIdQuery: components["schemas"]["Id"] | null;
        /** @description Search text; left out means no search (null). */
        Q: string | null;
        Page: components["schemas"]["Page"];
        PageSize: components["schemas"]["PageSize"];
        /** @description Request true only when playback or download links are needed. */
        WithUrls: boolean;
        /** @description First month of the span. */
        From: components["schemas"]["Month"];
        /** @description Last month of the span (at most 24 months in all). */
        To: components["schemas"]["Month"];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type SchemaId = components['schemas']['Id'];
export type SchemaDate = components['schemas']['Date'];
export type SchemaMonth = components['schemas']['Month'];
export type SchemaTimestamp = components['schemas']['Timestamp'];
export type SchemaAmount = components['schemas']['Amount'];
export type SchemaCurrency = components['schemas']['Currency'];
export type SchemaMoney = components['schemas']['Money'];
export type SchemaLink = components['schemas']['Link'];
export type SchemaNamedRef = components['schemas']['NamedRef'];
export type SchemaIdempotencyKey = components['schemas']['IdempotencyKey'];
export type SchemaPage = components['schemas']['Page'];
export type SchemaPageSize = components['schemas']['PageSize'];
export type SchemaJobIds = components['schemas']['JobIds'];
export type SchemaJobStatus = components['schemas']['JobStatus'];
export type SchemaJobStage = components['schemas']['JobStage'];
export type SchemaDueState = components['schemas']['DueState'];
export type SchemaJobKind = components['schemas']['JobKind'];
export type SchemaJobTab = components['schemas']['JobTab'];
export type SchemaJobFilter = components['schemas']['JobFilter'];
export type SchemaTakeLabel = components['schemas']['TakeLabel'];
export type SchemaDeliveryStatus = components['schemas']['DeliveryStatus'];
export type SchemaCheckState = components['schemas']['CheckState'];
export type SchemaCheckVerdict = components['schemas']['CheckVerdict'];
export type SchemaAttachmentStatus = components['schemas']['AttachmentStatus'];
export type SchemaPreflightWarning = components['schemas']['PreflightWarning'];
export type SchemaLengthVerdict = components['schemas']['LengthVerdict'];
export type SchemaDeliverNotice = components['schemas']['DeliverNotice'];
export type SchemaConsentChoice = components['schemas']['ConsentChoice'];
export type SchemaWeekDays = components['schemas']['WeekDays'];
export type SchemaTimeZone = components['schemas']['TimeZone'];
export type SchemaJobSummary = components['schemas']['JobSummary'];
export type SchemaJobDetail = components['schemas']['JobDetail'];
export type SchemaProducer = components['schemas']['Producer'];
export type SchemaTrafficEntry = components['schemas']['TrafficEntry'];
export type SchemaScript = components['schemas']['Script'];
export type SchemaScriptDocument = components['schemas']['ScriptDocument'];
export type SchemaDirections = components['schemas']['Directions'];
export type SchemaPronunciation = components['schemas']['Pronunciation'];
export type SchemaScriptChange = components['schemas']['ScriptChange'];
export type SchemaChangesRequest = components['schemas']['ChangesRequest'];
export type SchemaDecline = components['schemas']['Decline'];
export type SchemaCompletion = components['schemas']['Completion'];
export type SchemaTimelineEntry = components['schemas']['TimelineEntry'];
export type SchemaJobCan = components['schemas']['JobCan'];
export type SchemaJobCounts = components['schemas']['JobCounts'];
export type SchemaDelivery = components['schemas']['Delivery'];
export type SchemaDeliveryFacts = components['schemas']['DeliveryFacts'];
export type SchemaPreflight = components['schemas']['Preflight'];
export type SchemaCheck = components['schemas']['Check'];
export type SchemaCheckIssue = components['schemas']['CheckIssue'];
export type SchemaAttachment = components['schemas']['Attachment'];
export type SchemaPdfMissing = components['schemas']['PdfMissing'];
export type SchemaEarningsLine = components['schemas']['EarningsLine'];
export type SchemaEarningsOverallTotal = components['schemas']['EarningsOverallTotal'];
export type SchemaEarningsCustomerTotal = components['schemas']['EarningsCustomerTotal'];
export type SchemaEarningsMonthTotal = components['schemas']['EarningsMonthTotal'];
export type SchemaEarningsTotals = components['schemas']['EarningsTotals'];
export type SchemaAvailabilityRow = components['schemas']['AvailabilityRow'];
export type SchemaPrefs = components['schemas']['Prefs'];
export type SchemaConsent = components['schemas']['Consent'];
export type SchemaErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type SchemaCreateScriptsPdfRequest = components['schemas']['CreateScriptsPdfRequest'];
export type SchemaCreateDeliveryRequest = components['schemas']['CreateDeliveryRequest'];
export type SchemaPutAvailabilityRequest = components['schemas']['PutAvailabilityRequest'];
export type SchemaPutPreferencesRequest = components['schemas']['PutPreferencesRequest'];
export type SchemaPutConsentRequest = components['schemas']['PutConsentRequest'];
export type SchemaAcceptJobsRequest = components['schemas']['AcceptJobsRequest'];
export type SchemaDeclineJobsRequest = components['schemas']['DeclineJobsRequest'];
export type SchemaCompleteJobsRequest = components['schemas']['CompleteJobsRequest'];
export type SchemaGetMeResponse = components['schemas']['GetMeResponse'];
export type SchemaListJobsResponse = components['schemas']['ListJobsResponse'];
export type SchemaGetJobResponse = components['schemas']['GetJobResponse'];
export type SchemaCreateScriptsPdfResponse = components['schemas']['CreateScriptsPdfResponse'];
export type SchemaListDeliveriesResponse = components['schemas']['ListDeliveriesResponse'];
export type SchemaCreateDeliveryResponse = components['schemas']['CreateDeliveryResponse'];
export type SchemaGetAttachmentDownloadResponse = components['schemas']['GetAttachmentDownloadResponse'];
export type SchemaGetEarningsResponse = components['schemas']['GetEarningsResponse'];
export type SchemaGetAvailabilityResponse = components['schemas']['GetAvailabilityResponse'];
export type SchemaPutAvailabilityResponse = components['schemas']['PutAvailabilityResponse'];
export type SchemaGetPreferencesResponse = components['schemas']['GetPreferencesResponse'];
export type SchemaPutPreferencesResponse = components['schemas']['PutPreferencesResponse'];
export type SchemaGetConsentResponse = components['schemas']['GetConsentResponse'];
export type SchemaPutConsentResponse = components['schemas']['PutConsentResponse'];
export type SchemaAcceptResult = components['schemas']['AcceptResult'];
export type SchemaDeclineResult = components['schemas']['DeclineResult'];
export type SchemaCompleteResult = components['schemas']['CompleteResult'];
export type SchemaAcceptJobsResponse = components['schemas']['AcceptJobsResponse'];
export type SchemaDeclineJobsResponse = components['schemas']['DeclineJobsResponse'];
export type SchemaCompleteJobsResponse = components['schemas']['CompleteJobsResponse'];
export type ResponseError = components['responses']['Error'];
export type ParameterIdempotencyKey = components['parameters']['IdempotencyKey'];
export type ParameterJobId = components['parameters']['JobId'];
export type ParameterAttachmentId = components['parameters']['AttachmentId'];
export type ParameterTab = components['parameters']['Tab'];
export type ParameterFilter = components['parameters']['Filter'];
export type ParameterCustomerIdQuery = components['parameters']['CustomerIdQuery'];
export type ParameterVoiceIdQuery = components['parameters']['VoiceIdQuery'];
export type ParameterQ = components['parameters']['Q'];
export type ParameterPage = components['parameters']['Page'];
export type ParameterPageSize = components['parameters']['PageSize'];
export type ParameterWithUrls = components['parameters']['WithUrls'];
export type ParameterFrom = components['parameters']['From'];
export type ParameterTo = components['parameters']['To'];
export type $defs = Record<string, never>;
export interface operations {
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetMeResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listJobs: {
        parameters: {
            query?: {
                tab?: components["parameters"]["Tab"];
                filter?: components["parameters"]["Filter"];
                /** @description Only this customer's jobs or earnings; left out means all (null). */
                customer_id?: components["parameters"]["CustomerIdQuery"];
                /** @description Only this voice's jobs; left out means all (null). */
                voice_id?: components["parameters"]["VoiceIdQuery"];
                /** @description Search text; left out means no search (null). */
                q?: components["parameters"]["Q"];
                page?: components["parameters"]["Page"];
                page_size?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of job summaries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListJobsResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetJobResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createScriptsPdf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateScriptsPdfRequest"];
            };
        };
        responses: {
            /** @description The merged PDF link and which jobs it holds. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateScriptsPdfResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description Request true only when playback or download links are needed. */
                with_urls?: components["parameters"]["WithUrls"];
            };
            header?: never;
            path: {
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Takes and attachments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListDeliveriesResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createDelivery: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                job_id: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeliveryRequest"];
            };
        };
        responses: {
            /** @description The new delivery and the job's summary after it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreateDeliveryResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getAttachmentDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                attachment_id: components["parameters"]["AttachmentId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAttachmentDownloadResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getEarnings: {
        parameters: {
            query: {
                /** @description First month of the span. */
                from: components["parameters"]["From"];
                /** @description Last month of the span (at most 24 months in all). */
                to: components["parameters"]["To"];
                /** @description Only this customer's jobs or earnings; left out means all (null). */
                customer_id?: components["parameters"]["CustomerIdQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Lines and totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetEarningsResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Availability. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAvailabilityResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putAvailability: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutAvailabilityRequest"];
            };
        };
        responses: {
            /** @description The availability now set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PutAvailabilityResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Preferences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetPreferencesResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putPreferences: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutPreferencesRequest"];
            };
        };
        responses: {
            /** @description The preferences now set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PutPreferencesResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getConsent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Consent. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetConsentResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putConsent: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutConsentRequest"];
            };
        };
        responses: {
            /** @description The consent now recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PutConsentResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    acceptJobs: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptJobsRequest"];
            };
        };
        responses: {
            /** @description One result per job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptJobsResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    declineJobs: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeclineJobsRequest"];
            };
        };
        responses: {
            /** @description One result per job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeclineJobsResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
    completeJobs: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifies a write. Reuse it to retry the same action; use a new key for a new action. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompleteJobsRequest"];
            };
        };
        responses: {
            /** @description One result per job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompleteJobsResponse"];
                };
            };
            default: components["responses"]["Error"];
        };
    };
}
